// /about: what this Sift is and exactly which build is running.
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { defaultLocale } from '#shared/locales';
import { currentBuildId } from '../app/build-updates';
import { useAppConfig } from '../config/app-config';
import { PageHeader } from './page-header';

export function AboutPage() {
  const { t, i18n } = useTranslation();
  const config = useAppConfig();
  const facts: [string, string][] = [
    [t('about.platform'), config.platformName],
    [t('about.version'), __APP_VERSION__],
    [t('about.build'), currentBuildId],
    // Written at build time, in UTC, named (build/built-at-texts.ts).
    [t('about.built_at'), __BUILT_AT_TEXTS__[i18n.language] ?? __BUILT_AT_TEXTS__[defaultLocale]!],
    [t('about.app_code'), config.appCode],
    [t('about.sources'), String(Object.keys(config.gapSearch.dataSources).length)],
  ];
  return (
    <>
      <PageHeader
        title={t('about.title', { name: config.platformName })}
        description={t('about.description')}
      />
      <Card variant="outlined" sx={{ maxWidth: 640 }}>
        <CardContent>
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1.5 }}
          >
            {facts.map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" color="text.secondary">
                  {label}
                </Typography>
                <Typography
                  component="dd"
                  sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}
                  data-testid={`about-${label}`}
                >
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
        </CardContent>
      </Card>
      <Typography color="text.secondary" sx={{ mt: 3, maxWidth: '70ch' }}>
        {t('about.offline_note')}
      </Typography>
    </>
  );
}
