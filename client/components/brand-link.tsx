// The configured logo and platform name, linking home.
import { Box, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useAppConfig } from '../config/app-config';
import { paths } from '../paths';

/** `hideNameOnPhone`: below the sm breakpoint show only the logo, leaving room for the app bar's tools. */
export function BrandLink({ hideNameOnPhone = false }: { hideNameOnPhone?: boolean }) {
  const { logo, platformName } = useAppConfig();
  return (
    <Box
      component={RouterLink}
      to={paths.home()}
      aria-label={platformName}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.25,
        color: 'inherit',
        textDecoration: 'none',
        minWidth: 0,
      }}
    >
      <Box
        component="img"
        src={`/${logo}`}
        alt=""
        width={32}
        height={32}
        sx={{ flexShrink: 0, borderRadius: 1.5 }}
      />
      <Typography
        variant="h6"
        component="span"
        noWrap
        sx={{
          fontWeight: 700,
          letterSpacing: '-0.01em',
          display: hideNameOnPhone ? { xs: 'none', sm: 'block' } : 'block',
        }}
      >
        {platformName}
      </Typography>
    </Box>
  );
}
