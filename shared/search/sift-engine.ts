// The Sift engine (shared/search/sift/) behind the engine interface, with the app's tokenizer.
import type { SearchEngine } from './engine';
import { SiftIndex } from './sift';
import { unpackDerived } from './sift/derived';
import { tokenize, tokenizeForIndex } from './tokenizer';

const tokenizer = { query: tokenize, index: tokenizeForIndex };

export const siftEngine: SearchEngine<SiftIndex> = {
  algorithm: 'sift',
  build: async (spec, documents) => SiftIndex.build(spec, documents, tokenizer),
  serialize: (index) => index.bytes,
  restore: async (_spec, payload, derived) =>
    new SiftIndex(payload, tokenizer, derived && unpackDerived(derived)),
  derive: (index) => index.derivedArrays(),
  search: async (index, request) => index.search(request),
  getDocument: (index, id) => index.document(id),
  spell: (index, word) => index.spell(word),
  count: (index) => index.visibleCount,
  withHidden: (index, ids) => index.withHidden(ids),
};
