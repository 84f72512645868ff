// The first-visit consent banner: necessary-only and accept-all with equal weight, and a link to
// the settings page to choose per category. Gone once a decision for this revision is stored.
import Cookie from '@mui/icons-material/Cookie';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { optionalCategories } from '#client/consent/consent-cookie';
import { setConsent } from '#client/consent/consent-store';
import { useConsent } from '#client/consent/use-consent';
import { paths } from '#client/paths';

export function ConsentBanner() {
  const { t } = useTranslation();
  const decision = useConsent();
  const { pathname } = useLocation();
  if (decision || pathname === paths.cookieSettings()) return null;
  return (
    <Paper
      component="section"
      aria-labelledby="consent-banner-title"
      elevation={8}
      sx={{
        position: 'fixed',
        // A corner card on wide screens, so it covers little; full width on phones.
        insetInlineStart: { xs: 8, md: 'auto' },
        insetInlineEnd: { xs: 8, md: 24 },
        // Above the bottom navigation phones and tablets show.
        bottom: { xs: 'calc(72px + env(safe-area-inset-bottom))', lg: 24 },
        maxWidth: { md: 440 },
        p: 2.5,
        // Above the app bar, drawer and bottom navigation; below menus and dialogs opened over it.
        zIndex: (theme) => theme.zIndex.drawer + 1,
        borderRadius: 3,
      }}
    >
      <Stack spacing={2}>
        <Box sx={{ display: 'flex', gap: 1.5 }}>
          <Cookie color="primary" sx={{ mt: 0.25 }} />
          <Box>
            <Typography id="consent-banner-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {t('consent.banner_title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('consent.banner_text')}
            </Typography>
          </Box>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, justifyContent: 'flex-end' }}>
          <Button component={RouterLink} to={paths.cookieSettings()}>
            {t('consent.customise')}
          </Button>
          <Button variant="contained" onClick={() => setConsent([])}>
            {t('consent.necessary_only')}
          </Button>
          <Button variant="contained" onClick={() => setConsent(optionalCategories)}>
            {t('consent.accept_all')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
