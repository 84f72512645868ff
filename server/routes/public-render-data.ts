// The public data a server render reads (shared/render-bundle.ts PublicData): a public source's
// current index artifact, from the artifact catalog that already keeps its bytes in memory, and the
// lookups anonymous callers may read. A protected source is refused here as in GraphQL, so a render
// can draw nothing a visitor could not read through the API.
import type { AppConfig } from '#shared/app-config';
import type { AuthProviders } from '#shared/auth';
import { crc32c } from '#shared/crc32c';
import type { PublicData } from '#shared/render-bundle';
import { readableLookups } from '../graphql/guards';
import type { LookupRecord, LookupStore } from '../graphql/lookup-store';
import type { Logger } from '../logger';
import type { ArtifactCatalog } from '../search/artifact-catalog';

export interface PublicRenderDataDeps {
  config: AppConfig;
  artifacts: ArtifactCatalog;
  lookups: Pick<LookupStore, 'list'>;
  /** What GET providers answers; static for the life of the process. */
  signInProviders: () => Promise<AuthProviders>;
  logger: Logger;
}

/** The public data and its version: a string that changes whenever a render could read something else. */
export interface VersionedPublicData extends PublicData {
  version(): Promise<string>;
}

/** A checksum of the lookups, computed once per list read (the store keeps one until a change). */
const lookupsChecksums = new WeakMap<LookupRecord[], number>();
function lookupsChecksum(list: LookupRecord[]): number {
  const checksum = lookupsChecksums.get(list) ?? crc32c(JSON.stringify(list));
  lookupsChecksums.set(list, checksum);
  return checksum;
}

export function publicRenderData({
  config,
  artifacts,
  lookups,
  signInProviders,
  logger,
}: PublicRenderDataDeps): VersionedPublicData {
  const { dataSources } = config.gapSearch;
  const publicSources = Object.keys(dataSources).filter((name) => !dataSources[name]!.protected);
  return {
    async version() {
      const [summaries, list] = await Promise.all([artifacts.summaries(), lookups.list()]);
      const segments = publicSources.map((name) => {
        const summary = summaries.get(name);
        return `${name}:${summary?.crc32c ?? ''}:${summary?.delta?.crc32c ?? ''}`;
      });
      return `${segments.join(',')};${lookupsChecksum(list)}`;
    },

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
    signInProviders,
    logError: (message, error) => logger.error({ err: error }, message),
  };
}
