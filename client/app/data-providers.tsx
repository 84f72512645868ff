// The providers only data-fetching components need: the server-state cache, the GraphQL client,
// session refreshes, the key-value backup sync and the wipe of protected data at sign-out. main.tsx imports this chunk beside the
// configuration and messages, so TanStack Query and the GraphQL client stay out of the entry.
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { AuthProvider } from '../features/auth/auth-provider';
import { appGraphqlClient } from '../graphql/app-graphql-client';
import { GraphqlProvider } from '../graphql/graphql-provider';
import { appQueryClient } from './query-client';
import { SearchBoxOwner } from './search-box-owner';

const BackupSync = lazy(() => import('./backup-sync').then((m) => ({ default: m.BackupSync })));
const SignedOutWipe = lazy(() => import('./signed-out-wipe').then((m) => ({ default: m.SignedOutWipe })));
// Only with a WebSocket endpoint configured (none by default) is there an index-update stream to follow.
const IndexUpdateSync =
  appGraphqlClient.subscriptionTransport === 'websocket'
    ? lazy(() => import('./index-update-sync').then((m) => ({ default: m.IndexUpdateSync })))
    : () => null;

export function DataProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={appQueryClient}>
      <GraphqlProvider client={appGraphqlClient}>
        <AuthProvider>
          <Suspense fallback={null}>
            <BackupSync />
            <SignedOutWipe />
            <SearchBoxOwner />
            <IndexUpdateSync />
          </Suspense>
          {children}
        </AuthProvider>
      </GraphqlProvider>
    </QueryClientProvider>
  );
}
