// /theme: choose the colour family, light/dark/system and the contrast level; the whole app, and
// the preview below, change as you choose.
import { Box, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#client/components/page-header';
import { colorFamilies, colorModes, colorSchemeName, contrastLevels } from '#client/theme/color-scheme';
import { useColorSchemeChoice } from '#client/theme/color-scheme-context';
import { m3Colors } from '#client/theme/m3-colors';
import { ColorRoles } from './color-roles';
import { ModeIcon } from './mode-icon';
import { contrastLabels, familyLabels, modeLabels } from './theme-labels';
import { ThemePreview } from './theme-preview';

function Setting({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Material 3 segmented buttons: one of a few values. */
function SegmentedChoice<T extends string>({
  labelledBy,
  values,
  value,
  onChange,
  label,
}: {
  labelledBy: string;
  values: readonly T[];
  value: T;
  onChange: (value: T) => void;
  label: (value: T) => ReactNode;
}) {
  return (
    <ToggleButtonGroup
      exclusive
      value={value}
      onChange={(_, next: T | null) => next && onChange(next)}
      aria-labelledby={labelledBy}
    >
      {values.map((v) => (
        <ToggleButton key={v} value={v} sx={{ gap: 1, px: 2 }}>
          {label(v)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

export function ThemePage() {
  const { t } = useTranslation();
  const { choice, scheme, choose } = useColorSchemeChoice();
  return (
    <>
      <PageHeader title={t('pages.theme.title')} description={t('pages.theme.description')} />
      <Stack spacing={4}>
        <Setting id="theme-family" title={t('theme.family_title')}>
          <ToggleButtonGroup
            exclusive
            value={choice.family}
            onChange={(_, family) => family && choose({ ...choice, family })}
            aria-labelledby="theme-family"
            sx={{
              flexWrap: 'wrap',
              gap: 1.5,
              '& .MuiToggleButtonGroup-grouped': { border: 1, borderColor: 'divider', borderRadius: 3 },
            }}
          >
            {colorFamilies.map(({ id }) => {
              const colors = m3Colors({ ...scheme, family: id });
              return (
                <ToggleButton key={id} value={id} sx={{ flexDirection: 'column', gap: 1, px: 2.5, py: 1.5 }}>
                  <Box aria-hidden sx={{ display: 'flex', gap: 0.5 }}>
                    {(['primary', 'secondary', 'tertiary'] as const).map((role) => (
                      <Box
                        key={role}
                        sx={{
                          width: 24,
                          height: 24,
                          borderRadius: '50%',
                          bgcolor: colors[role],
                          border: 1,
                          borderColor: 'divider',
                        }}
                      />
                    ))}
                  </Box>
                  {t(familyLabels[id])}
                </ToggleButton>
              );
            })}
          </ToggleButtonGroup>
        </Setting>

        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
          <Setting id="theme-mode" title={t('theme.mode_title')}>
            <SegmentedChoice
              labelledBy="theme-mode"
              values={colorModes}
              value={choice.mode}
              onChange={(mode) => choose({ ...choice, mode })}
              label={(mode) => (
                <>
                  <ModeIcon mode={mode} fontSize="small" />
                  {t(modeLabels[mode])}
                </>
              )}
            />
          </Setting>
          <Setting id="theme-contrast" title={t('theme.contrast_title')}>
            <SegmentedChoice
              labelledBy="theme-contrast"
              values={contrastLevels}
              value={choice.contrast}
              onChange={(contrast) => choose({ ...choice, contrast })}
              label={(contrast) => t(contrastLabels[contrast])}
            />
          </Setting>
        </Box>

        <Typography color="text.secondary" data-testid="theme-current">
          {t('theme.current', { name: colorSchemeName(scheme) })}
          {choice.mode === 'system' &&
            ` ${t('theme.following_system', { mode: t(modeLabels[scheme.mode]) })}`}
        </Typography>

        <Setting id="theme-preview" title={t('theme.preview_title')}>
          <ThemePreview />
        </Setting>
        <Setting id="theme-roles" title={t('theme.roles_title')}>
          <ColorRoles colors={m3Colors(scheme)} />
        </Setting>
      </Stack>
    </>
  );
}
