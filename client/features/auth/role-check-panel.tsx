// /modules/auth/checkrole: the current session's status and role, and what that opens (spec §6:
// signed-in users load every data source and the lookups; visitors only unprotected sources).
import Check from '@mui/icons-material/Check';
import Close from '@mui/icons-material/Close';
import { Chip, List, ListItem, ListItemIcon, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '#client/config/app-config';
import { useAuth } from './use-auth';

export function RoleCheckPanel() {
  const { t } = useTranslation();
  const status = useAuth((s) => s.status);
  const data = useAuth((s) => s.data);
  const sources = Object.entries(useAppConfig().gapSearch.dataSources);
  const signedIn = status === 'authenticated';
  const allowed: [label: string, ok: boolean][] = [
    [t('auth.check_role.public_sources', { count: sources.filter(([, s]) => !s.protected).length }), true],
    [
      t('auth.check_role.protected_sources', { count: sources.filter(([, s]) => s.protected).length }),
      signedIn,
    ],
    [t('auth.check_role.lookups'), signedIn],
    [t('auth.check_role.backup'), signedIn],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 3, borderRadius: 3, maxWidth: 640 }}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography component="span">{t('auth.check_role.status')}</Typography>
        <Chip size="small" color={signedIn ? 'success' : 'default'} label={t(`auth.status.${status}`)} />
        {data && (
          <>
            <Typography component="span">{t('auth.check_role.role')}</Typography>
            <Chip size="small" variant="outlined" label={data.user.role} />
          </>
        )}
      </Stack>
      <List dense aria-label={t('auth.check_role.may')}>
        {allowed.map(([label, ok]) => (
          <ListItem key={label} disableGutters>
            <ListItemIcon sx={{ minWidth: 36 }}>
              {ok ? (
                <Check color="success" aria-label={t('yes')} />
              ) : (
                <Close color="disabled" aria-label={t('no')} />
              )}
            </ListItemIcon>
            <ListItemText primary={label} />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
