// Provides the MUI theme for the chosen colour scheme in the direction and component texts of the
// language on screen, with the matching Emotion cache and <html lang dir>, so Arabic renders mirrored.
import { CacheProvider } from '@emotion/react';
import { CssBaseline } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { type ReactNode, useLayoutEffect, useMemo } from 'react';
import { applyDocumentLanguage } from '../i18n/document-language';
import { muiLocalizations } from '../i18n/mui-localizations';
import { useActiveLocale } from '../i18n/use-active-locale';
import { createAppTheme } from './app-theme';
import { ColorSchemeProvider, useColorSchemeChoice } from './color-scheme-context';
import { emotionCaches } from './emotion-caches';

function ThemedContent({ children }: { children: ReactNode }) {
  const { scheme } = useColorSchemeChoice();
  const locale = useActiveLocale();
  // In the same commit as the theme's direction, so no frame shows one without the other.
  useLayoutEffect(() => applyDocumentLanguage(locale), [locale]);
  const theme = useMemo(
    () => createAppTheme({ scheme, direction: locale.dir, localization: muiLocalizations[locale.code]! }),
    [scheme, locale],
  );
  return (
    <CacheProvider value={emotionCaches[locale.dir]}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}

export function AppThemeProvider({ children }: { children: ReactNode }) {
  return (
    <ColorSchemeProvider>
      <ThemedContent>{children}</ThemedContent>
    </ColorSchemeProvider>
  );
}
