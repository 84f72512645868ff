// POST /api/index: which artifact (crc32c) is current for each source the caller may load.
import { apiPaths } from '#shared/api-paths';
import {
  type IndexChecksumsRequest,
  type IndexChecksumsResponse,
  IndexChecksumsResponseSchema,
} from '#shared/search/index-api';

export async function fetchIndexChecksums(request: IndexChecksumsRequest): Promise<IndexChecksumsResponse> {
  const response = await fetch(apiPaths.searchIndex, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(request),
  });
  if (!response.ok) throw new Error(`POST ${apiPaths.searchIndex} answered HTTP ${response.status}`);
  return IndexChecksumsResponseSchema.parse(await response.json());
}
