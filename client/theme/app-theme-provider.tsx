// Provides the MUI theme for the chosen colour scheme in the direction and component texts of the
// language on screen, with the matching Emotion cache and <html lang dir>, so Arabic renders mirrored.
import { CacheProvider } from '@emotion/react';
import { CssBaseline } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { type ReactNode, Suspense, useLayoutEffect, useMemo } from 'react';
import { applyDocumentLanguage } from '../i18n/document-language';
import { useMuiLocalization } from '../i18n/mui-localizations';
import { useActiveLocale } from '../i18n/use-active-locale';
import { createAppTheme } from './app-theme';
import { ColorSchemeProvider, useColorSchemeChoice } from './color-scheme-context';
import { useEmotionCache } from './emotion-caches';

function ThemedContent({ children }: { children: ReactNode }) {
  const { scheme } = useColorSchemeChoice();
  const locale = useActiveLocale();
  const emotionCache = useEmotionCache(locale.dir);
  const localization = useMuiLocalization(locale.code);
  // In the same commit as the theme's direction, so no frame shows one without the other.
  useLayoutEffect(() => applyDocumentLanguage(locale), [locale]);
  const theme = useMemo(
    () => createAppTheme({ scheme, direction: locale.dir, localization }),
    [scheme, locale.dir, localization],
  );
  return (
    <CacheProvider value={emotionCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}

export function AppThemeProvider({ children }: { children: ReactNode }) {
  return (
    // Only a page that starts in another language or colour family than the defaults waits here.
    <Suspense fallback={null}>
      <ColorSchemeProvider>
        <ThemedContent>{children}</ThemedContent>
      </ColorSchemeProvider>
    </Suspense>
  );
}
