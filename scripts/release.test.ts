import { describe, expect, it } from 'vitest';
import { ReleaseUsageError, releaseArguments } from './release';

describe('the release command line', () => {
  it('takes its two options, each off unless named', () => {
    expect(releaseArguments([])).toEqual({ reuseClient: false, tarball: false });
    expect(releaseArguments(['--reuse-client', '--tarball'])).toEqual({ reuseClient: true, tarball: true });
  });

  it('refuses an unknown option or a stray word with the reason and the usage', () => {
    for (const [argv, reason] of [
      [['--tar'], "Unknown option '--tar'"],
      [['release-1.0'], "Unexpected argument 'release-1.0'"],
    ] as const) {
      expect(() => releaseArguments([...argv])).toThrow(ReleaseUsageError);
      expect(() => releaseArguments([...argv])).toThrow(reason);
      expect(() => releaseArguments([...argv])).toThrow('Usage: npm run release');
    }
  });
});
