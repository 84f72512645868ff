// App-wide providers every page needs: configuration, translations, theme, the search box's
// store (the app bar's box and the search screen share it) and whether the page is still the
// server's. The data providers (data-providers.tsx) go inside them, loaded as their own chunk by main.tsx.
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { SearchBoxProvider, searchTextOf } from '#client/features/search/search-box-store';
import type { PublicConfig } from '#shared/app-config';
import { AppConfigProvider } from '../config/app-config';
import { ServerDrawnProvider } from '../lib/first-render';
import { AppThemeProvider } from '../theme/app-theme-provider';

export function Providers({
  config,
  i18n,
  url,
  children,
}: {
  config: PublicConfig;
  i18n: I18n;
  /** The page's address when the app starts: the search box shows its search at once. */
  url: URL;
  children: ReactNode;
}) {
  return (
    <AppConfigProvider config={config}>
      <I18nextProvider i18n={i18n}>
        <AppThemeProvider>
          <SearchBoxProvider draft={searchTextOf(url)}>
            <ServerDrawnProvider>{children}</ServerDrawnProvider>
          </SearchBoxProvider>
        </AppThemeProvider>
      </I18nextProvider>
    </AppConfigProvider>
  );
}
