// Route module of the `gapui` layout, used by most pages: app bar with the brand, the menu button
// on the configured side, a header search box, the navigation drawer and (below lg) bottom navigation.
import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Container, IconButton, Link, Toolbar } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { BrandLink } from '#client/components/brand-link';
import { useAppConfig } from '#client/config/app-config';
import { HeaderSearchBox } from '#client/features/search/header-search-box';
import { useFirstRender } from '#client/lib/first-render';
import { useMediaQueryInTransition } from '#client/lib/use-media-query-in-transition';
import { AppBarActions } from './app-bar-actions';
import { BOTTOM_NAV_HEIGHT, BottomNav } from './bottom-nav';
import { NavDrawer } from './nav-drawer';

export function Component() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const theme = useTheme();
  // A server-rendered page was drawn for the width the server guessed; hydration agrees with it.
  const desktop = useMediaQueryInTransition(theme.breakpoints.up('lg'), useFirstRender()?.desktop ?? true);
  const [desktopOpen, setDesktopOpen] = useState(true);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [rail, setRail] = useState(false);
  const open = desktop ? desktopOpen : mobileOpen;
  const closeMobileMenu = useCallback(() => setMobileOpen(false), []);
  const toggleMenu = () => (desktop ? setDesktopOpen((v) => !v) : setMobileOpen((v) => !v));
  const showBottomNav = config.bottomMenu && !desktop;

  const menuButton = (
    <IconButton
      onClick={toggleMenu}
      aria-label={t('layout.menu')}
      aria-expanded={open}
      edge={config.menuSide === 'left' ? 'start' : 'end'}
    >
      <MenuIcon />
    </IconButton>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <Link
        href="#main"
        sx={{
          position: 'absolute',
          insetInlineStart: 8,
          top: -48,
          zIndex: 'tooltip',
          p: 1,
          bgcolor: 'background.paper',
          '&:focus': { top: 8 },
        }}
      >
        {t('layout.skip_to_content')}
      </Link>
      <AppBar
        position="fixed"
        color="inherit"
        elevation={0}
        sx={{
          borderBottom: 1,
          borderColor: 'divider',
          zIndex: (t) => (desktop ? t.zIndex.drawer + 1 : t.zIndex.appBar),
        }}
      >
        <Toolbar sx={{ gap: { xs: 0.5, sm: 2 } }}>
          {config.menuSide === 'left' && menuButton}
          <BrandLink hideNameOnPhone />
          <Box sx={{ flex: 1, display: 'flex', justifyContent: 'center', minWidth: 0 }}>
            <HeaderSearchBox />
          </Box>
          <AppBarActions />
          {config.menuSide === 'right' && menuButton}
        </Toolbar>
      </AppBar>
      <NavDrawer
        side={config.menuSide}
        desktop={desktop}
        open={open}
        rail={rail}
        showRailButton={config.menuTooltipButton}
        onClose={closeMobileMenu}
        onToggleRail={() => setRail((v) => !v)}
      />
      <Box
        component="main"
        id="main"
        sx={{ flex: 1, minWidth: 0, pb: showBottomNav ? `${BOTTOM_NAV_HEIGHT}px` : 0 }}
      >
        <Toolbar />
        <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
          <Outlet />
        </Container>
      </Box>
      {showBottomNav && <BottomNav onOpenMenu={() => setMobileOpen(true)} />}
    </Box>
  );
}
