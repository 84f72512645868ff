// Route module of the `gap` layout: a focused full-width page with a back button and the brand,
// without the navigation drawer. Used by the item viewer and the sign-in callback page.
import ArrowBack from '@mui/icons-material/ArrowBack';
import { AppBar, Box, Container, IconButton, Toolbar } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { BrandLink } from '#client/components/brand-link';
import { HintTooltip } from '#client/components/hint-tooltip';
import { paths } from '#client/paths';

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = () => (window.history.length > 1 ? navigate(-1) : navigate(paths.home()));
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar
        position="sticky"
        color="inherit"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Toolbar sx={{ gap: 1 }}>
          <HintTooltip title={t('layout.back')}>
            <IconButton edge="start" onClick={goBack} aria-label={t('layout.back')}>
              <ArrowBack sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }} />
            </IconButton>
          </HintTooltip>
          <BrandLink />
        </Toolbar>
      </AppBar>
      <Container component="main" id="main" maxWidth="lg" sx={{ py: 3 }}>
        <Outlet />
      </Container>
    </Box>
  );
}
