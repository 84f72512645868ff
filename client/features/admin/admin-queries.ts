// The console's server data through TanStack Query: one key space under ['admin'], so a change
// invalidates what it touched and nothing else.
import { useQuery } from '@tanstack/react-query';
import type { SourceStatus } from '#shared/admin/admin-api';
import { apiPaths } from '#shared/api-paths';
import { adminFetch } from './admin-fetch';

export const adminKeys = {
  sources: ['admin', 'sources'] as const,
  documents: (source: string, q: string) => ['admin', 'documents', source, q] as const,
  document: (source: string, key: string) => ['admin', 'document', source, key] as const,
  users: ['admin', 'users'] as const,
  audit: ['admin', 'audit'] as const,
};

/** How often the sources are asked again while an index is being rebuilt. */
const STALE_POLL_MS = 2000;

export function useSources() {
  return useQuery({
    queryKey: adminKeys.sources,
    queryFn: ({ signal }) => adminFetch<SourceStatus[]>(apiPaths.admin.sources, { signal }),
    refetchInterval: (query) => (query.state.data?.some((source) => source.stale) ? STALE_POLL_MS : false),
  });
}
