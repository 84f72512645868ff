// The public data a server render reads (shared/render-bundle.ts PublicData): a public source's
// current index artifact, from the artifact catalog that already keeps its bytes in memory, and the
// lookups anonymous callers may read. A protected source is refused here as in GraphQL, so a render
// can draw nothing a visitor could not read through the API.
import type { AppConfig } from '#shared/app-config';
import type { PublicData } from '#shared/render-bundle';
import { readableLookups } from '../graphql/guards';
import type { LookupStore } from '../graphql/lookup-store';
import type { Logger } from '../logger';
import type { ArtifactCatalog } from '../search/artifact-catalog';

export interface PublicRenderDataDeps {
  config: AppConfig;
  artifacts: ArtifactCatalog;
  lookups: Pick<LookupStore, 'list'>;
  logger: Logger;
}

export function publicRenderData({ config, artifacts, lookups, logger }: PublicRenderDataDeps): PublicData {
  const { dataSources } = config.gapSearch;
  return {
    async artifact(source) {
      if (!Object.hasOwn(dataSources, source) || dataSources[source]!.protected) return null;
      const summary = (await artifacts.summaries()).get(source);
      if (!summary) return null;
      const [bytes, deltaBytes] = await Promise.all([
        artifacts.bytes(source, summary.crc32c),
        summary.delta && artifacts.bytes(source, summary.delta.crc32c),
      ]);
      if (!bytes) return null;
      // A delta replaced meanwhile: the artifact alone is what the source held before its changes.
      const delta =
        summary.delta && deltaBytes ? { crc32c: summary.delta.crc32c, bytes: deltaBytes } : undefined;
      return { crc32c: summary.crc32c, bytes, ...(delta && { delta }) };
    },
    async lookups() {
      return readableLookups({ config, user: null }, await lookups.list());
    },
    logError: (message, error) => logger.error({ err: error }, message),
  };
}
