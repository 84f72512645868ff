// Orama behind the engine interface, the search bench's baseline (the app ships only its own
// engines). `bm25` uses Orama's default index, `qps` the QPS plugin's.
// Three corrections make Orama keep the shared contract:
// - the Unicode tokenizer replaces Orama's (which neither folds accents nor keeps Arabic);
// - string[] filter properties are held as enum[], so values match whole ("San Marino" must not
//   match "Costa Rica"), which Orama's tokenised string[] `where` cannot do;
// - threshold 0 means "every word matches somewhere in the document": Orama's own check wants all
//   words in one property, miscounts words matching several prefixes, and QPS ignores it.
import {
  type AnyOrama,
  count,
  create,
  getByID,
  insertMultiple,
  load,
  type RawData,
  type SearchParams,
  save,
  search,
  type Tokenizer,
} from '@orama/orama';
import { index as oramaIndex } from '@orama/orama/components';
import { pluginQPS } from '@orama/plugin-qps';
import type { EngineHit, SearchEngine } from '../shared/search/engine';
import type { FacetCounts, IndexDocument, IndexSpec, SearchRequest } from '../shared/search/search-types';
import { tokenize, tokenizeForIndex } from '../shared/search/tokenizer';

export const oramaAlgorithms = ['bm25', 'qps'] as const;
export type OramaAlgorithm = (typeof oramaAlgorithms)[number];

type IndexComponent = ReturnType<typeof oramaIndex.createIndex>;
type IndexSearch = IndexComponent['search'];
type RadixTrees = Record<string, { type: string; node: unknown } | undefined>;
type RadixFind = (params: { term: string; exact?: boolean; tolerance?: number }) => Record<string, number[]>;

function oramaSchema(spec: IndexSpec) {
  const schema: Record<string, 'string' | 'string[]' | 'enum' | 'enum[]'> = {};
  for (const [property, type] of Object.entries(spec.searchProperties)) {
    schema[property] = type === 'text' ? 'string' : 'string[]';
  }
  for (const [property, type] of Object.entries(spec.indexedProperties)) {
    schema[property] = type === 'enum' ? 'enum' : 'enum[]';
  }
  return schema;
}

function unicodeTokenizer(): Tokenizer {
  return {
    language: 'english',
    normalizationCache: new Map(),
    // Orama passes the property when indexing a value and none when tokenising a query.
    tokenize: (raw, _language, property) => (property ? tokenizeForIndex(raw) : tokenize(raw)),
  };
}

/** Wraps an index component's search so that threshold 0 keeps documents matching every word. */
function everyWordSearch(base: IndexSearch): IndexSearch {
  return (...args) => {
    const [index, term, tokenizer, language, allProperties, exact, tolerance] = args;
    const threshold = args[11];
    // QPS keeps per-property statistics only once a value was indexed, and fails on the others.
    const stats = (index as { stats?: Record<string, unknown> }).stats;
    const properties = stats ? allProperties.filter((p) => stats[p]) : allProperties;
    const anyWord: Parameters<IndexSearch> = [...args];
    anyWord[4] = properties;
    anyWord[11] = 1;
    const scored = base(...anyWord);
    const words = tokenizer.tokenize(term, language);
    if (threshold !== 0 || words.length < 2) return scored;
    let matching: Set<number> | undefined;
    for (const word of words) {
      const found = new Set<number>();
      for (const property of properties) {
        const tree = (index as unknown as { indexes: RadixTrees }).indexes[property];
        if (tree?.type !== 'Radix') continue;
        const matches = (tree.node as { find: RadixFind }).find({ term: word, exact, tolerance });
        for (const ids of Object.values(matches)) {
          for (const id of ids) if (!matching || matching.has(id)) found.add(id);
        }
      }
      matching = found;
      if (matching.size === 0) return [];
    }
    return scored.filter(([id]) => matching!.has(id as number));
  };
}

function createDatabase(algorithm: OramaAlgorithm, spec: IndexSpec): AnyOrama {
  const schema = oramaSchema(spec);
  const baseIndex =
    algorithm === 'qps'
      ? (pluginQPS().getComponents!(schema) as { index: IndexComponent }).index
      : oramaIndex.createIndex();
  const index = { ...baseIndex };
  index.search = everyWordSearch(index.search);
  return create({
    schema,
    // Sorting happens on merged hits in the client; string sort indexes cost 15 % build time, 17 % heap.
    sort: { enabled: false },
    components: { tokenizer: unicodeTokenizer(), index },
  }) as AnyOrama;
}

/**
 * BM25's idf never falls below zero in its usual form, but Orama counts a word once per array
 * element, so a word repeated in one document's tags can outnumber the documents and make its
 * score negative. Such matches still match: they score least, in rank order (spec §4 factor).
 */
const LEAST_SCORE = Number.EPSILON;

/**
 * Array properties are always arrays (Orama's facets and filters expect them), and text without
 * words is left out: Orama divides by its length, so an empty string turns every score into NaN.
 */
function forOrama(spec: IndexSpec, document: IndexDocument): IndexDocument {
  const copy: IndexDocument = { ...document };
  const hasWords = (value: unknown) => typeof value === 'string' && tokenize(value).length > 0;
  for (const [property, type] of Object.entries(spec.searchProperties)) {
    if (type === 'text[]')
      copy[property] = Array.isArray(copy[property]) ? copy[property].filter(hasWords) : [];
    else if (!hasWords(copy[property])) delete copy[property];
  }
  for (const [property, type] of Object.entries(spec.indexedProperties)) {
    if (type !== 'enum' && !Array.isArray(copy[property])) copy[property] = [];
  }
  return copy;
}

function oramaWhere(spec: IndexSpec, where: SearchRequest['where']) {
  const clauses: Record<string, { in: string[] } | { containsAny: string[] }> = {};
  for (const [property, values] of Object.entries(where)) {
    if (values.length === 0) continue;
    clauses[property] =
      spec.indexedProperties[property] === 'enum' ? { in: values } : { containsAny: values };
  }
  return clauses;
}

function facetCounts(raw: Record<string, { values: Record<string, number> }> | undefined): FacetCounts {
  const counts: FacetCounts = {};
  for (const [property, facet] of Object.entries(raw ?? {})) {
    // Orama counts documents without a value under "".
    counts[property] = Object.fromEntries(Object.entries(facet.values).filter(([value]) => value !== ''));
  }
  return counts;
}

interface OramaIndex {
  orama: AnyOrama;
  spec: IndexSpec;
}

export function oramaEngine(algorithm: OramaAlgorithm): SearchEngine<OramaIndex> {
  return {
    algorithm,
    async build(spec, documents) {
      const orama = createDatabase(algorithm, spec);
      await insertMultiple(
        orama,
        documents.map((d) => forOrama(spec, d)),
        1000,
      );
      return { orama, spec };
    },
    // Orama's own snapshot is JSON; the artifact carries it as UTF-8 text.
    serialize: ({ orama }) => new TextEncoder().encode(JSON.stringify(save(orama))),
    async restore(spec, payload) {
      const orama = createDatabase(algorithm, spec);
      load(orama, JSON.parse(new TextDecoder().decode(payload)) as RawData);
      return { orama, spec };
    },
    async search({ orama, spec }, request) {
      const params = {
        term: request.term ?? '',
        limit: request.limit,
        threshold: request.threshold,
        boost: request.boost,
        where: oramaWhere(spec, request.where),
        ...(request.facets?.length
          ? { facets: Object.fromEntries(request.facets.map((property) => [property, {}])) }
          : {}),
      } as SearchParams<AnyOrama>;
      const result = await search(orama, params);
      const hits: EngineHit[] = result.hits.map((hit) => ({
        id: hit.id,
        score: request.term ? Math.max(hit.score, LEAST_SCORE) : 0,
        document: hit.document as IndexDocument,
      }));
      return { hits, count: result.count, facets: facetCounts(result.facets) };
    },
    getDocument: ({ orama }, id) => getByID(orama, id) as IndexDocument | undefined,
    count: ({ orama }) => count(orama),
  };
}
