// The app bar's account button: "sign in" for visitors; for signed-in users an avatar opening a
// menu with who they are, the sign-in status page and sign-out (here or on every device).
import AccountCircle from '@mui/icons-material/AccountCircle';
import Login from '@mui/icons-material/Login';
import Logout from '@mui/icons-material/Logout';
import PhonelinkErase from '@mui/icons-material/PhonelinkErase';
import {
  Avatar,
  Box,
  Divider,
  IconButton,
  ListItemIcon,
  Menu,
  MenuItem,
  Snackbar,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { HintTooltip } from '#client/components/hint-tooltip';
import { paths } from '#client/paths';
import { UnbackedItemsDialog } from './unbacked-items-dialog';
import { useAuth, useSignedIn } from './use-auth';
import { useSignOut } from './use-sign-out';

export function AccountMenu() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const data = useAuth((s) => s.data);
  const location = useLocation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { signOutAndLeave, busy, failed, dismissFailure, held, signOutAnyway, staySignedIn } = useSignOut();

  // Same footprint while the first session answer is awaited, so the app bar does not jump. A page
  // the server drew is signed out until then: its sign-in button is drawn and hydrated as it is.
  if (signedIn === undefined) return <Box sx={{ width: 40, height: 40 }} />;

  if (!signedIn || !data) {
    const here = `${location.pathname}${location.search}`;
    return (
      <HintTooltip title={t('auth.sign_in')}>
        <IconButton component={RouterLink} to={paths.login(here)} aria-label={t('auth.sign_in')}>
          <Login />
        </IconButton>
      </HintTooltip>
    );
  }

  const { name, email } = data.user;
  return (
    <>
      <HintTooltip title={t('auth.account_menu')}>
        <IconButton
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={t('auth.account_menu')}
          aria-haspopup="menu"
          aria-expanded={anchor ? true : undefined}
          aria-controls={anchor ? menuId : undefined}
        >
          <Avatar
            sx={{
              width: 32,
              height: 32,
              fontSize: 16,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
            }}
          >
            {(name ?? email).trim().charAt(0).toUpperCase()}
          </Avatar>
        </IconButton>
      </HintTooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ px: 2, py: 1, maxWidth: 280 }}>
          <Typography sx={{ fontWeight: 600 }} noWrap>
            {name ?? email}
          </Typography>
          {name && (
            <Typography variant="body2" color="text.secondary" noWrap>
              {email}
            </Typography>
          )}
        </Box>
        <Divider />
        <MenuItem component={RouterLink} to={paths.authLoginStatus()} onClick={() => setAnchor(null)}>
          <ListItemIcon>
            <AccountCircle fontSize="small" />
          </ListItemIcon>
          {t('nav.login_status')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void signOutAndLeave();
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {t('auth.sign_out')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void signOutAndLeave({ everywhere: true });
          }}
        >
          <ListItemIcon>
            <PhonelinkErase fontSize="small" />
          </ListItemIcon>
          {t('auth.sign_out_everywhere')}
        </MenuItem>
      </Menu>
      <UnbackedItemsDialog
        held={held}
        busy={busy}
        onSignOut={() => void signOutAnyway()}
        onStay={staySignedIn}
      />
      <Snackbar
        open={failed}
        autoHideDuration={6000}
        onClose={dismissFailure}
        message={t('auth.sign_out_failed')}
      />
    </>
  );
}
