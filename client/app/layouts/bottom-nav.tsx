// Bottom navigation for phones and tablets: the main destinations and a button for the full menu.
import Home from '@mui/icons-material/Home';
import Info from '@mui/icons-material/Info';
import Menu from '@mui/icons-material/Menu';
import Search from '@mui/icons-material/Search';
import { BottomNavigation, BottomNavigationAction, Paper } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '#client/paths';

export const BOTTOM_NAV_HEIGHT = 64;

const destinations = [
  { to: paths.home(), label: 'nav.home', icon: <Home /> },
  { to: paths.search(), label: 'nav.search', icon: <Search /> },
  { to: paths.about(), label: 'nav.about', icon: <Info /> },
];

export function BottomNav({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = destinations.find((d) => pathname === d.to || pathname.startsWith(`${d.to}/`))?.to ?? false;
  return (
    <Paper
      component="nav"
      aria-label={t('layout.bottom_navigation')}
      elevation={3}
      sx={{
        position: 'fixed',
        bottom: 0,
        insetInline: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        pb: 'env(safe-area-inset-bottom)',
      }}
    >
      <BottomNavigation showLabels value={current} sx={{ height: BOTTOM_NAV_HEIGHT }}>
        {destinations.map((d) => (
          <BottomNavigationAction
            key={d.to}
            component={Link}
            to={d.to}
            value={d.to}
            label={t(d.label)}
            icon={d.icon}
          />
        ))}
        <BottomNavigationAction label={t('layout.menu')} icon={<Menu />} onClick={onOpenMenu} />
      </BottomNavigation>
    </Paper>
  );
}
