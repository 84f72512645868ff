import { describe, expect, it } from 'vitest';
import type { AppConfig } from '#shared/app-config';
import type { ArtifactSummary, SourceArtifacts } from './artifact-store';
import { checksumAnswers } from './checksum-answers';

const sources = {
  countries: { protected: false },
  cities: { protected: true },
} as unknown as AppConfig['gapSearch']['dataSources'];

const built = (crc32c: Record<string, number>): ReadonlyMap<string, ArtifactSummary> =>
  new Map(
    Object.entries(crc32c).map(([source, crc]) => [
      source,
      { source, crc32c: crc, size: 10, documentCount: 2 } as ArtifactSummary,
    ]),
  );

describe('the index checksum answers', () => {
  it('answer protected sources to signed-in callers only', () => {
    const answers = checksumAnswers(sources);
    const artifacts = built({ countries: 1, cities: 2 });
    expect(JSON.parse(answers.text(artifacts, false))).toEqual({
      countries: { state: 'ready', crc32c: 1, size: 10, documentCount: 2 },
    });
    expect(Object.keys(JSON.parse(answers.text(artifacts, true)))).toEqual(['countries', 'cities']);
    // Asked by name, still not to an anonymous caller.
    expect(JSON.parse(answers.text(artifacts, false, ['cities']))).toEqual({});
    expect(JSON.parse(answers.text(artifacts, true, ['cities']))).toEqual({
      cities: { state: 'ready', crc32c: 2, size: 10, documentCount: 2 },
    });
  });

  it('are serialized again for a new set of artifacts (an announced build)', () => {
    const answers = checksumAnswers(sources);
    const before = built({ countries: 1 });
    expect(JSON.parse(answers.text(before, true))).toEqual({
      countries: { state: 'ready', crc32c: 1, size: 10, documentCount: 2 },
      cities: { state: 'preparing', crc32c: null },
    });
    expect(answers.text(before, true)).toBe(answers.text(before, true));
    expect(JSON.parse(answers.text(built({ countries: 3, cities: 4 }), true))).toEqual({
      countries: { state: 'ready', crc32c: 3, size: 10, documentCount: 2 },
      cities: { state: 'ready', crc32c: 4, size: 10, documentCount: 2 },
    });
  });

  it('name a source’s head beside its artifact and delta', () => {
    const answers = checksumAnswers(sources);
    const head = { crc32c: 5, size: 3, documentCount: 1 };
    const delta = { crc32c: 6, size: 4, documentCount: 1, searchableCount: 3 };
    const artifacts = new Map([
      [
        'countries',
        { source: 'countries', crc32c: 1, size: 10, documentCount: 2, head, delta } as SourceArtifacts,
      ],
    ]);
    expect(JSON.parse(answers.text(artifacts, false))).toEqual({
      countries: {
        state: 'ready',
        crc32c: 1,
        size: 10,
        documentCount: 3,
        head: { crc32c: 5, size: 3, documentCount: 1 },
        delta: { crc32c: 6, size: 4, documentCount: 1 },
      },
    });
  });
});
