// The providers only data-fetching components need: the server-state cache, the GraphQL client,
// session refreshes, the key-value backup sync and the wipe of protected data at sign-out. main.tsx imports this chunk beside the
// configuration and messages, so TanStack Query and the GraphQL client stay out of the entry.
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthProvider } from '../features/auth/auth-provider';
import { appGraphqlClient } from '../graphql/app-graphql-client';
import { GraphqlProvider } from '../graphql/graphql-provider';
import { DeferredUi, type UiLoader } from './deferred-ui';
import { appQueryClient } from './query-client';
import { SearchBoxOwner } from './search-box-owner';

// Loaded after the first render; a load that fails (the connection lost before they arrived, and
// no service worker yet) leaves the page as it is and is tried again when the connection returns.
const loadBackupSync: UiLoader = () => import('./backup-sync').then((m) => m.BackupSync);
const loadSignedOutWipe: UiLoader = () => import('./signed-out-wipe').then((m) => m.SignedOutWipe);
// Only with a WebSocket endpoint configured (none by default) is there an index-update stream to follow.
const loadIndexUpdateSync: UiLoader | null =
  appGraphqlClient.subscriptionTransport === 'websocket'
    ? () => import('./index-update-sync').then((m) => m.IndexUpdateSync)
    : null;

export function DataProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={appQueryClient}>
      <GraphqlProvider client={appGraphqlClient}>
        <AuthProvider>
          <DeferredUi load={loadBackupSync} />
          <DeferredUi load={loadSignedOutWipe} />
          <SearchBoxOwner />
          {loadIndexUpdateSync && <DeferredUi load={loadIndexUpdateSync} />}
          {children}
        </AuthProvider>
      </GraphqlProvider>
    </QueryClientProvider>
  );
}
