// /modules/i18n/basic: switching the interface language, interpolation and plurals (Arabic has six
// plural forms, Spanish and French three, English two).
import { Box, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#client/components/page-header';
import { SimpleTable } from '#client/components/simple-table';
import { useAppConfig } from '#client/config/app-config';
import { changeLocale } from '#client/i18n/i18n';
import { useActiveLocale } from '#client/i18n/use-active-locale';
import { LOCALE_COOKIE, locales } from '#shared/locales';
import { DemoSection } from './demo-section';

/** Counts that between them reach every plural form of the four languages. */
const sampleCounts = [0, 1, 2, 3, 11, 100, 1_000_000];

const pluralFormLabels: Record<Intl.LDMLPluralRule, string> = {
  zero: 'i18n.basic.forms.zero',
  one: 'i18n.basic.forms.one',
  two: 'i18n.basic.forms.two',
  few: 'i18n.basic.forms.few',
  many: 'i18n.basic.forms.many',
  other: 'i18n.basic.forms.other',
};

export function I18nBasicPage() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const locale = useActiveLocale();
  const [name, setName] = useState('');
  const [countText, setCountText] = useState('3');
  const count = Math.max(0, Math.trunc(Number(countText) || 0));
  const pluralRules = new Intl.PluralRules(locale.code);
  const details: [string, string][] = [
    [t('i18n.basic.code'), locale.code],
    [t('i18n.basic.name'), locale.name],
    [t('i18n.basic.tag'), locale.language],
    [t('i18n.basic.direction'), locale.dir === 'rtl' ? t('i18n.basic.dir_rtl') : t('i18n.basic.dir_ltr')],
  ];

  return (
    <>
      <PageHeader title={t('pages.i18n_basic.title')} description={t('pages.i18n_basic.description')} />
      <Stack spacing={3}>
        <DemoSection
          id="i18n-switch"
          title={t('i18n.basic.switch_title')}
          description={t('i18n.basic.cookie_note', { cookie: LOCALE_COOKIE })}
        >
          <ToggleButtonGroup
            exclusive
            value={locale.code}
            onChange={(_, code: string | null) => code && void changeLocale(code)}
            aria-labelledby="i18n-switch"
            sx={{ flexWrap: 'wrap' }}
          >
            {locales.map((l) => (
              <ToggleButton key={l.code} value={l.code} lang={l.code} sx={{ px: 2.5 }}>
                {l.name}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1 }}
          >
            {details.map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
        </DemoSection>

        <DemoSection
          id="i18n-interpolation"
          title={t('i18n.basic.interpolation_title')}
          description={t('i18n.basic.interpolation_intro')}
        >
          <TextField
            label={t('i18n.basic.your_name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            sx={{ maxWidth: 360 }}
          />
          <Typography variant="h6" component="p" data-testid="i18n-greeting">
            {t('i18n.basic.greeting', {
              name: name.trim() || t('i18n.basic.default_name'),
              platform: config.platformName,
            })}
          </Typography>
        </DemoSection>

        <DemoSection
          id="i18n-plurals"
          title={t('i18n.basic.plurals_title')}
          description={t('i18n.basic.plurals_intro', {
            count: pluralRules.resolvedOptions().pluralCategories.length,
            language: locale.name,
          })}
        >
          <TextField
            type="number"
            label={t('i18n.basic.count_label')}
            value={countText}
            onChange={(event) => setCountText(event.target.value)}
            slotProps={{ htmlInput: { min: 0 } }}
            sx={{ maxWidth: 200 }}
          />
          <Typography variant="h6" component="p" aria-live="polite" data-testid="i18n-plural">
            {t('i18n.basic.files', { count })}
          </Typography>
          <SimpleTable
            labelledBy="i18n-plurals"
            rows={sampleCounts}
            rowKey={(n) => n}
            columns={[
              { heading: t('i18n.basic.count'), cell: (n) => new Intl.NumberFormat(locale.code).format(n) },
              { heading: t('i18n.basic.form'), cell: (n) => t(pluralFormLabels[pluralRules.select(n)]) },
              { heading: t('i18n.basic.text'), cell: (n) => t('i18n.basic.files', { count: n }) },
            ]}
          />
        </DemoSection>
      </Stack>
    </>
  );
}
