// The default layout's frame: a slim header with the brand and a centred content column.
// Used by the login page and by the error page.
import { AppBar, Box, Container, Toolbar } from '@mui/material';
import type { ReactNode } from 'react';
import { BrandLink } from '#client/components/brand-link';

export function DefaultLayoutFrame({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar position="static" color="transparent" elevation={0}>
        <Toolbar>
          <BrandLink />
        </Toolbar>
      </AppBar>
      <Container component="main" id="main" maxWidth="md" sx={{ flex: 1, py: { xs: 3, md: 6 } }}>
        {children}
      </Container>
    </Box>
  );
}
