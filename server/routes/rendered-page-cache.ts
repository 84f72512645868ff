// Rendered pages kept in memory (docs/rendering.md, "What a rendered page costs"): a page is drawn
// once for each set of inputs it depends on and compressed once, then sent from memory. The
// entries are those of one version of the public data (index artifacts, lookups): another version
// empties the cache, so no page drawn from other data is ever sent. The least recently sent pages are dropped past a size in bytes.
import type { Precompressed } from '../precompressed';

export interface CachedPage {
  status: number;
  body: Precompressed;
}

export interface RenderedPageCache {
  /** The page kept under `key` while the public data is at `version`, or undefined. */
  get(key: string, version: string): CachedPage | undefined;
  /** Keeps a page drawn from the public data at `version`, and only pages of that version. */
  set(key: string, version: string, page: CachedPage): void;
}

const sizeOf = ({ body }: CachedPage) => body.identity.byteLength + body.br.byteLength + body.gzip.byteLength;

export function createRenderedPageCache(maxBytes: number): RenderedPageCache {
  // A Map iterates in insertion order: a page is moved to the end when sent, so the first is the oldest.
  const pages = new Map<string, CachedPage>();
  let pagesVersion: string | undefined;
  let bytes = 0;

  function keepVersion(version: string) {
    if (version === pagesVersion) return;
    pages.clear();
    bytes = 0;
    pagesVersion = version;
  }

  return {
    get(key, version) {
      keepVersion(version);
      const page = pages.get(key);
      if (page) {
        pages.delete(key);
        pages.set(key, page);
      }
      return page;
    },

    set(key, version, page) {
      keepVersion(version);
      if (sizeOf(page) > maxBytes) return;
      const replaced = pages.get(key);
      if (replaced) bytes -= sizeOf(replaced);
      pages.delete(key);
      pages.set(key, page);
      bytes += sizeOf(page);
      for (const [oldest, old] of pages) {
        if (bytes <= maxBytes) break;
        pages.delete(oldest);
        bytes -= sizeOf(old);
      }
    },
  };
}
