// The scheme's main Material 3 colour roles as swatches, each with its text colour and hex value.
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { M3Colors, M3Role } from '#client/theme/m3-colors';

interface Swatch {
  label: string;
  role: M3Role;
  text: M3Role;
  /** Outline is a line colour, not for text on it: show it as a border around the surface. */
  asBorder?: boolean;
}

const swatches: Swatch[] = [
  { label: 'theme.role_primary', role: 'primary', text: 'onPrimary' },
  { label: 'theme.role_primary_container', role: 'primaryContainer', text: 'onPrimaryContainer' },
  { label: 'theme.role_secondary', role: 'secondary', text: 'onSecondary' },
  { label: 'theme.role_secondary_container', role: 'secondaryContainer', text: 'onSecondaryContainer' },
  { label: 'theme.role_tertiary', role: 'tertiary', text: 'onTertiary' },
  { label: 'theme.role_tertiary_container', role: 'tertiaryContainer', text: 'onTertiaryContainer' },
  { label: 'theme.role_error', role: 'error', text: 'onError' },
  { label: 'theme.role_error_container', role: 'errorContainer', text: 'onErrorContainer' },
  { label: 'theme.role_surface', role: 'surface', text: 'onSurface' },
  { label: 'theme.role_surface_container', role: 'surfaceContainerHigh', text: 'onSurfaceVariant' },
  { label: 'theme.role_inverse_surface', role: 'inverseSurface', text: 'inverseOnSurface' },
  { label: 'theme.role_outline', role: 'outline', text: 'onSurface', asBorder: true },
];

export function ColorRoles({ colors }: { colors: M3Colors }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }}>
      {swatches.map(({ label, role, text, asBorder }) => (
        <Box
          key={label}
          sx={{
            bgcolor: asBorder ? colors.surface : colors[role],
            color: colors[text],
            border: asBorder ? `3px solid ${colors[role]}` : 1,
            borderColor: asBorder ? undefined : 'divider',
            borderRadius: 2,
            p: 1.5,
            minHeight: 72,
          }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t(label)}
          </Typography>
          <Typography variant="caption" component="p" sx={{ fontFamily: 'monospace' }}>
            <bdi dir="ltr">{colors[role]}</bdi>
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
