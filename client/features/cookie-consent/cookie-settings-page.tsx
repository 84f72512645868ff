// /CookieConsent/settings: see and change which optional categories may store things.
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#client/components/page-header';
import { type OptionalCategory, optionalCategories } from '#client/consent/consent-cookie';
import { setConsent } from '#client/consent/consent-store';
import { useConsent } from '#client/consent/use-consent';
import { ConsentCategoryCard } from './consent-category-card';

export function CookieSettingsPage() {
  const { t, i18n } = useTranslation();
  const decision = useConsent();
  const [draft, setDraft] = useState<OptionalCategory[] | null>(null);
  const [saved, setSaved] = useState(false);
  const chosen = draft ?? decision?.allowed ?? [];

  const save = (allowed: OptionalCategory[]) => {
    setConsent(allowed);
    setDraft(null);
    setSaved(true);
  };
  const toggle = (category: OptionalCategory, on: boolean) => {
    setSaved(false);
    setDraft(on ? [...chosen, category] : chosen.filter((c) => c !== category));
  };

  return (
    <>
      <PageHeader
        title={t('pages.cookie_settings.title')}
        description={t('pages.cookie_settings.description')}
      />
      <Stack spacing={2} sx={{ maxWidth: 880 }}>
        <Typography color="text.secondary" role="status">
          {decision
            ? t('consent.decided_on', {
                date: new Intl.DateTimeFormat(i18n.language, {
                  dateStyle: 'long',
                  timeStyle: 'short',
                }).format(new Date(decision.decidedAt)),
              })
            : t('consent.not_decided')}
        </Typography>
        <ConsentCategoryCard category="necessary" checked />
        {optionalCategories.map((category) => (
          <ConsentCategoryCard
            key={category}
            category={category}
            checked={chosen.includes(category)}
            onChange={(on) => toggle(category, on)}
          />
        ))}
        {saved && (
          <Alert severity="success" onClose={() => setSaved(false)}>
            {t('consent.saved')}
          </Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="contained" onClick={() => save(chosen)}>
            {t('consent.save')}
          </Button>
          <Button variant="outlined" onClick={() => save([])}>
            {t('consent.necessary_only')}
          </Button>
          <Button variant="outlined" onClick={() => save(optionalCategories)}>
            {t('consent.accept_all')}
          </Button>
        </Stack>
      </Stack>
    </>
  );
}
