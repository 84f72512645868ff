// Turns documents into the bytes of a Sift index: the sorted dictionary, postings per term (the
// documents holding it, ascending and delta-coded so gzip shrinks them, with a bit mask of the
// searched properties holding it), the filter columns and the stored fields.
import { encodeFilterColumn, type FilterHeader, stringValues } from './filter-columns';
import { linesSection, writeSections } from './sections';
import { type ColumnHeader, encodeStoredFields } from './stored-fields';
import type { SiftDocument, SiftSpec, SiftTokenizer } from './types';

export const SIFT_PAYLOAD_VERSION = 1;
/** Postings keep one bit per searched property, in a byte. */
export const MAX_SEARCH_PROPERTIES = 8;

export interface SiftHeader {
  version: typeof SIFT_PAYLOAD_VERSION;
  documentCount: number;
  termCount: number;
  searchProperties: string[];
  filters: FilterHeader[];
  columns: ColumnHeader[];
}

interface Postings {
  docs: number[];
  masks: number[];
}

function invert(searchProperties: string[], documents: SiftDocument[], tokenizer: SiftTokenizer) {
  const postings = new Map<string, Postings>();
  documents.forEach((document, d) => {
    searchProperties.forEach((property, p) => {
      for (const text of stringValues(document[property])) {
        for (const word of tokenizer.index(text)) {
          if (word.includes('\n'))
            throw new Error(`The tokenizer returned a word with a line break: ${word}`);
          let list = postings.get(word);
          if (!list) {
            list = { docs: [], masks: [] };
            postings.set(word, list);
          }
          const last = list.docs.length - 1;
          if (list.docs[last] === d) list.masks[last]! |= 1 << p;
          else {
            list.docs.push(d);
            list.masks.push(1 << p);
          }
        }
      }
    });
  });
  return postings;
}

/** `documents` in the order hits should take when scores tie (best rank first). */
export function encodeSiftIndex(
  spec: SiftSpec,
  documents: SiftDocument[],
  tokenizer: SiftTokenizer,
): Uint8Array {
  const searchProperties = Object.keys(spec.searchProperties);
  if (searchProperties.length > MAX_SEARCH_PROPERTIES) {
    throw new Error(
      `Sift searches at most ${MAX_SEARCH_PROPERTIES} properties, not ${searchProperties.length}`,
    );
  }
  const postings = invert(searchProperties, documents, tokenizer);
  const terms = [...postings.keys()].sort();
  const termCounts = new Uint32Array(terms.length);
  const total = terms.reduce((sum, term) => sum + postings.get(term)!.docs.length, 0);
  const docDeltas = new Uint32Array(total);
  const masks = new Uint8Array(total);
  let at = 0;
  terms.forEach((term, t) => {
    const list = postings.get(term)!;
    termCounts[t] = list.docs.length;
    list.docs.forEach((d, k) => {
      docDeltas[at] = k === 0 ? d : d - list.docs[k - 1]!;
      masks[at] = list.masks[k]!;
      at += 1;
    });
  });
  const filters = Object.entries(spec.indexedProperties).map(([name, type]) =>
    encodeFilterColumn(name, type, documents),
  );
  const enumFilters = Object.entries(spec.indexedProperties).filter(([, type]) => type === 'enum');
  const stored = encodeStoredFields(documents, new Set(enumFilters.map(([name]) => name)));
  const header: SiftHeader = {
    version: SIFT_PAYLOAD_VERSION,
    documentCount: documents.length,
    termCount: terms.length,
    searchProperties,
    filters: filters.map((filter) => filter.header),
    columns: stored.headers,
  };
  return writeSections(header, {
    terms: linesSection(terms),
    termCounts,
    docDeltas,
    masks,
    ...Object.fromEntries(
      filters.flatMap((filter, i) => [
        [`filter.${i}.counts`, filter.counts],
        [`filter.${i}.values`, filter.valueIds],
      ]),
    ),
    ...stored.sections,
  });
}
