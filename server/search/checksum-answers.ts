// The answers of POST /api/index as JSON text, serialized once per set of artifacts: every client
// asks the same few questions (signed in or not, every source or a few) again and again.
import type { AppConfig } from '#shared/app-config';
import type { IndexChecksumsResponse } from '#shared/search/index-api';
import { type HeadSummary, type SourceArtifacts, searchableCount } from './artifact-store';

/** What a client is told of a head or delta segment: how to fetch it and what it holds. */
const onTheWire = ({ crc32c, size, documentCount }: HeadSummary) => ({ crc32c, size, documentCount });

/** Distinct questions answered from memory per set of artifacts: every source, or a client's few. */
const KEPT_ANSWERS = 64;

/**
 * `text` answers for the artifacts `built`; a new set of artifacts (the catalog replaces its map when
 * an artifact is announced) starts afresh. Protected sources are answered to signed-in callers only.
 */
export function checksumAnswers(sources: AppConfig['gapSearch']['dataSources']) {
  let answeredFor: ReadonlyMap<string, SourceArtifacts> | undefined;
  let kept = new Map<string, string>();

  function serialize(built: ReadonlyMap<string, SourceArtifacts>, signedIn: boolean, names: string[]) {
    const answer: IndexChecksumsResponse = {};
    for (const name of names.filter((name) => signedIn || !sources[name]!.protected)) {
      const artifact = built.get(name);
      answer[name] = artifact
        ? {
            state: 'ready',
            crc32c: artifact.crc32c,
            size: artifact.size,
            documentCount: searchableCount(artifact),
            ...(artifact.head && { head: onTheWire(artifact.head) }),
            ...(artifact.delta && { delta: onTheWire(artifact.delta) }),
          }
        : { state: 'preparing', crc32c: null };
    }
    return JSON.stringify(answer);
  }

  return {
    text(built: ReadonlyMap<string, SourceArtifacts>, signedIn: boolean, names?: string[]): string {
      if (built !== answeredFor) {
        answeredFor = built;
        kept = new Map();
      }
      const key = `${signedIn} ${names?.join(',') ?? '*'}`;
      let text = kept.get(key);
      if (text === undefined) {
        text = serialize(built, signedIn, names ?? Object.keys(sources));
        if (kept.size < KEPT_ANSWERS) kept.set(key, text);
      }
      return text;
    },
  };
}
