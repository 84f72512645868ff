// The navigation drawer: a temporary drawer on phones and tablets, a permanent one on desktops
// that can collapse to an icon rail whose items explain themselves in tooltips.
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { Divider, Drawer, ListItemButton, Toolbar } from '@mui/material';
import { alpha, styled, useTheme } from '@mui/material/styles';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { HintTooltip } from '#client/components/hint-tooltip';
import { useAuth } from '#client/features/auth/use-auth';
import { adminNavGroup, type NavItem, navGroups } from '../navigation';
import { usePreloadRoute } from '../route-preload-context';

export const DRAWER_WIDTH = 272;
export const RAIL_WIDTH = 72;

/**
 * The lists, styled once here: items are plain links with these classes, the look of MUI's dense
 * list items without their components (twenty of them were half the fibers of a page's first
 * render; docs/search.md, warm start).
 */
const NavLists = styled('nav')(({ theme }) => {
  const { action, primary } = theme.palette;
  return {
    flex: 1,
    overflowY: 'auto',
    padding: theme.spacing(1, 0),
    '& ul': { listStyle: 'none', margin: 0, padding: theme.spacing(0, 0, 1) },
    '&[data-collapsed="true"] ul': { paddingTop: theme.spacing(1) },
    '& .nav-subheader': {
      ...theme.typography.body2,
      fontWeight: theme.typography.fontWeightMedium,
      lineHeight: '36px',
      padding: theme.spacing(0, 2),
      color: theme.palette.text.secondary,
    },
    '& .nav-divider': { borderTop: `1px solid ${theme.palette.divider}`, margin: theme.spacing(1, 0) },
    '& .nav-link': {
      display: 'flex',
      alignItems: 'center',
      minHeight: 40,
      margin: theme.spacing(0, 1),
      padding: theme.spacing(0.5, 2),
      borderRadius: 99,
      color: theme.palette.text.primary,
      textDecoration: 'none',
      outline: 0,
      transition: theme.transitions.create('background-color', {
        duration: theme.transitions.duration.shortest,
      }),
      '&:hover': { backgroundColor: action.hover },
      '&:focus-visible': { backgroundColor: action.focus },
      '&[aria-current="page"]': { backgroundColor: alpha(primary.main, action.selectedOpacity) },
      '&[aria-current="page"]:hover': {
        backgroundColor: alpha(primary.main, action.selectedOpacity + action.hoverOpacity),
      },
      '&[aria-current="page"]:focus-visible': {
        backgroundColor: alpha(primary.main, action.selectedOpacity + action.focusOpacity),
      },
    },
    '&[data-collapsed="true"] .nav-link': { justifyContent: 'center' },
    '& .nav-icon': { display: 'flex', flexShrink: 0, minWidth: 40, color: action.active },
    '&[data-collapsed="true"] .nav-icon': { minWidth: 0 },
    '& .nav-label': { ...theme.typography.body2, flex: 1, minWidth: 0, margin: theme.spacing(0.5, 0) },
  };
});

interface NavDrawerProps {
  side: 'left' | 'right';
  desktop: boolean;
  open: boolean;
  rail: boolean;
  showRailButton: boolean;
  onClose: () => void;
  onToggleRail: () => void;
}

export function NavDrawer({
  side,
  desktop,
  open,
  rail,
  showRailButton,
  onClose,
  onToggleRail,
}: NavDrawerProps) {
  const { t } = useTranslation();
  const admin = useAuth((s) => s.data?.user.role === 'admin');
  const groups = admin ? [...navGroups, adminNavGroup] : navGroups;
  const collapsed = desktop && rail;
  const width = collapsed ? RAIL_WIDTH : DRAWER_WIDTH;
  // MUI mirrors the drawer's anchor in right-to-left languages; icons and tooltips follow it.
  const mirrored = useTheme().direction === 'rtl';
  const onScreenSide = mirrored ? (side === 'left' ? 'right' : 'left') : side;
  // The rail button points towards the side it collapses to.
  const CollapseIcon = (onScreenSide === 'left') === collapsed ? ChevronRight : ChevronLeft;

  return (
    <Drawer
      anchor={side}
      variant={desktop ? 'persistent' : 'temporary'}
      open={open}
      onClose={onClose}
      // A phone's drawer is drawn when first opened, not at start: kept mounted, its lists were
      // drawn into a portal in a synchronous render right after a server-drawn page hydrated.
      sx={{
        width: desktop && open ? width : 0,
        flexShrink: 0,
        transition: (theme) => theme.transitions.create('width'),
        '& .MuiDrawer-paper': { width, boxSizing: 'border-box', overflowX: 'hidden' },
      }}
    >
      {desktop && <Toolbar />}
      <NavLists aria-label={t('layout.navigation')} data-collapsed={collapsed}>
        {groups.map((group, index) => (
          <ul key={group.number}>
            {collapsed ? (
              index > 0 && <li className="nav-divider" aria-hidden />
            ) : (
              <li className="nav-subheader">{t(group.title)}</li>
            )}
            {group.items.map((item) => (
              <NavDrawerItem
                key={item.to}
                item={item}
                collapsed={collapsed}
                tooltipPlacement={onScreenSide === 'left' ? 'right' : 'left'}
                onNavigate={desktop ? undefined : onClose}
              />
            ))}
          </ul>
        ))}
      </NavLists>
      {desktop && showRailButton && (
        <>
          <Divider />
          <HintTooltip title={collapsed ? t('layout.expand_menu') : t('layout.collapse_menu')}>
            <ListItemButton
              onClick={onToggleRail}
              aria-label={collapsed ? t('layout.expand_menu') : t('layout.collapse_menu')}
              sx={{ justifyContent: 'center', py: 1.5, flexGrow: 0 }}
            >
              <CollapseIcon />
            </ListItemButton>
          </HintTooltip>
        </>
      )}
    </Drawer>
  );
}

interface NavDrawerItemProps {
  item: NavItem;
  collapsed: boolean;
  tooltipPlacement: 'left' | 'right';
  onNavigate: (() => void) | undefined;
}

/** Memoised: every new search changes the URL, which re-renders the drawer (the links follow it). */
const NavDrawerItem = memo(function NavDrawerItem({
  item,
  collapsed,
  tooltipPlacement,
  onNavigate,
}: NavDrawerItemProps) {
  const { t } = useTranslation();
  const preloadRoute = usePreloadRoute();
  const label = t(item.label);
  const Icon = item.icon;
  const link = (
    <NavLink
      to={item.to}
      end
      className="nav-link"
      onClick={onNavigate}
      onMouseEnter={() => preloadRoute(item.to)}
      onFocus={() => preloadRoute(item.to)}
      aria-label={collapsed ? label : undefined}
    >
      <span className="nav-icon">
        <Icon fontSize="small" />
      </span>
      {!collapsed && <span className="nav-label">{label}</span>}
    </NavLink>
  );
  return (
    <li>
      {collapsed ? (
        <HintTooltip title={label} placement={tooltipPlacement}>
          {link}
        </HintTooltip>
      ) : (
        link
      )}
    </li>
  );
});
