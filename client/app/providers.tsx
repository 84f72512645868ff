// App-wide providers, composed once: configuration, theme, server-state cache, translations, and
// the key-value backup sync wired to sign-in (loaded after the first render: no page paints with it).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { PublicConfig } from '../../shared/app-config';
import { AppConfigProvider } from '../config/app-config';
import { AuthProvider } from '../features/auth/auth-provider';
import { appGraphqlClient } from '../graphql/app-graphql-client';
import { GraphqlProvider } from '../graphql/graphql-provider';
import { AppThemeProvider } from '../theme/app-theme-provider';

const BackupSync = lazy(() => import('./backup-sync').then((m) => ({ default: m.BackupSync })));
// Only with a WebSocket endpoint configured (none by default) is there an index-update stream to follow.
const IndexUpdateSync =
  appGraphqlClient.subscriptionTransport === 'websocket'
    ? lazy(() => import('./index-update-sync').then((m) => ({ default: m.IndexUpdateSync })))
    : () => null;

export function Providers({
  config,
  i18n,
  children,
}: {
  config: PublicConfig;
  i18n: I18n;
  children: ReactNode;
}) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1 } } }));
  return (
    <AppConfigProvider config={config}>
      <I18nextProvider i18n={i18n}>
        <AppThemeProvider>
          <QueryClientProvider client={queryClient}>
            <GraphqlProvider client={appGraphqlClient}>
              <AuthProvider>
                <Suspense fallback={null}>
                  <BackupSync />
                  <IndexUpdateSync />
                </Suspense>
                {children}
              </AuthProvider>
            </GraphqlProvider>
          </QueryClientProvider>
        </AppThemeProvider>
      </I18nextProvider>
    </AppConfigProvider>
  );
}
