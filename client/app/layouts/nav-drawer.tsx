// The navigation drawer: a temporary drawer on phones and tablets, a permanent one on desktops
// that can collapse to an icon rail whose items explain themselves in tooltips.
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import {
  Box,
  Divider,
  Drawer,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Toolbar,
  Tooltip,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { type NavItem, navGroups } from '../navigation';
import { routePreloader } from '../router';

export const DRAWER_WIDTH = 272;
export const RAIL_WIDTH = 72;

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
  const { pathname } = useLocation();
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
      ModalProps={{ keepMounted: true }}
      sx={{
        width: desktop && open ? width : 0,
        flexShrink: 0,
        transition: (theme) => theme.transitions.create('width'),
        '& .MuiDrawer-paper': { width, boxSizing: 'border-box', overflowX: 'hidden' },
      }}
    >
      {desktop && <Toolbar />}
      <Box component="nav" aria-label={t('layout.navigation')} sx={{ flex: 1, overflowY: 'auto', py: 1 }}>
        {navGroups.map((group, index) => (
          <List
            key={group.number}
            dense
            subheader={
              collapsed ? undefined : (
                <ListSubheader disableSticky sx={{ lineHeight: '36px', bgcolor: 'transparent' }}>
                  {t(group.title)}
                </ListSubheader>
              )
            }
          >
            {collapsed && index > 0 && <Divider component="li" sx={{ my: 1 }} />}
            {group.items.map((item) => (
              <NavDrawerItem
                key={item.to}
                item={item}
                selected={pathname === item.to}
                collapsed={collapsed}
                tooltipPlacement={onScreenSide === 'left' ? 'right' : 'left'}
                onNavigate={desktop ? undefined : onClose}
              />
            ))}
          </List>
        ))}
      </Box>
      {desktop && showRailButton && (
        <>
          <Divider />
          <Tooltip title={collapsed ? t('layout.expand_menu') : t('layout.collapse_menu')}>
            <ListItemButton
              onClick={onToggleRail}
              aria-label={collapsed ? t('layout.expand_menu') : t('layout.collapse_menu')}
              sx={{ justifyContent: 'center', py: 1.5, flexGrow: 0 }}
            >
              <CollapseIcon />
            </ListItemButton>
          </Tooltip>
        </>
      )}
    </Drawer>
  );
}

interface NavDrawerItemProps {
  item: NavItem;
  selected: boolean;
  collapsed: boolean;
  tooltipPlacement: 'left' | 'right';
  onNavigate: (() => void) | undefined;
}

/** Memoised: every new search changes the URL, which re-renders the drawer but not its items. */
const NavDrawerItem = memo(function NavDrawerItem({
  item,
  selected,
  collapsed,
  tooltipPlacement,
  onNavigate,
}: NavDrawerItemProps) {
  const { t } = useTranslation();
  const label = t(item.label);
  const Icon = item.icon;
  const button = (
    <ListItemButton
      component={NavLink}
      to={item.to}
      selected={selected}
      onClick={onNavigate}
      onMouseEnter={() => routePreloader.preload(item.to)}
      onFocus={() => routePreloader.preload(item.to)}
      aria-label={collapsed ? label : undefined}
      sx={{ mx: 1, borderRadius: 99, minHeight: 40, justifyContent: collapsed ? 'center' : 'initial' }}
    >
      <ListItemIcon sx={{ minWidth: collapsed ? 0 : 40 }}>
        <Icon fontSize="small" />
      </ListItemIcon>
      {!collapsed && <ListItemText primary={label} />}
    </ListItemButton>
  );
  // A list may hold only list items (axe: list).
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      {collapsed ? (
        <Tooltip title={label} placement={tooltipPlacement}>
          {button}
        </Tooltip>
      ) : (
        button
      )}
    </ListItem>
  );
});
