// Reads back the entries the server stored for this page load (GET /api/client-logs).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { appLogger } from '#client/logging/app-logger';
import { apiPaths } from '#shared/api-paths';
import type { StoredClientLog } from '#shared/client-log';

const LIMIT = 20;

async function fetchStoredLogs(instanceId: string): Promise<StoredClientLog[]> {
  const query = new URLSearchParams({ instance: instanceId, limit: String(LIMIT) });
  const response = await fetch(`${apiPaths.clientLogs}?${query}`);
  if (!response.ok) throw new Error(`GET ${apiPaths.clientLogs} answered ${response.status}`);
  return ((await response.json()) as { entries: StoredClientLog[] }).entries;
}

/** The stored entries, refetched whenever the logger reports a batch delivered. */
export function useStoredLogs() {
  const queryClient = useQueryClient();
  const queryKey = ['client-logs', appLogger.instanceId];
  useEffect(
    () =>
      appLogger.subscribe((event) => {
        if (event.type === 'delivery' && event.outcome === 'sent') {
          void queryClient.invalidateQueries({ queryKey: ['client-logs'] });
        }
      }),
    [queryClient],
  );
  return useQuery({ queryKey, queryFn: () => fetchStoredLogs(appLogger.instanceId) });
}
