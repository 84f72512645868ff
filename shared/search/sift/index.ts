// Sift: a search engine shaped for Sift's search screen. Indexes are built once (on the server),
// shipped as bytes and opened in the browser as typed-array views over those bytes; a search
// scores prefix and typo matches with the rank prior before choosing the top hits, reading the
// matches in rank order and stopping once no later document can enter them.
// The caller brings the tokenizer; nothing here depends on the app.
import { type DerivedArray, DerivedArrays } from './derived';
import { Dictionary } from './dictionary';
import { encodeSiftIndex, type SiftHeader } from './encode';
import { FilterColumn } from './filter-columns';
import { distanceKm } from './geo-distance';
import { CODE_PREFIX_SHARE } from './match-rules';
import { NO_BUCKET, NumericColumns } from './numeric-columns';
import { PostingLists } from './postings';
import { SectionReader } from './sections';
import { type Spelling, spell } from './spelling';
import { StoredFields } from './stored-fields';
import { TopK } from './top-k';
import type { SiftDocument, SiftNear, SiftRequest, SiftResult, SiftSpec, SiftTokenizer } from './types';
import { type MaskWeights, type Matches, WordMatcher } from './word-matches';

export { compareSpellings, type Spelling } from './spelling';
export type * from './types';

export class SiftIndex {
  readonly documentCount: number;
  private readonly searchProperties: string[];
  private readonly filters: Map<string, FilterColumn>;
  private readonly stored: StoredFields;
  private readonly numbers: NumericColumns;
  /** 1 + rank/10 per document: the rank prior, applied before the top hits are chosen. */
  private readonly rankFactor: Float64Array;
  /** The documents came best rank first (as they should): index order is then rank order. */
  private readonly inRankOrder: boolean;
  private readonly matcher: WordMatcher;
  private readonly postings: PostingLists;
  /** The documents the last filters admit: typing keeps the filters, so most searches reuse it. */
  private readonly lastAdmitted: { key?: string; hidden?: Uint8Array; admitted?: Uint8Array } = {};
  /** 1 per document a later segment replaced or removed (withHidden): it matches nothing. */
  private readonly hidden?: Uint8Array;
  /** Documents not hidden. */
  readonly visibleCount: number;
  /** The arrays derived from `bytes` so far (derived.ts), which `derivedArrays` packs. */
  private readonly derived: DerivedArrays;

  /**
   * `bytes` as made by `SiftIndex.build` (or `serialize`); they are viewed, not copied, so keep them
   * unchanged. `kept`: the arrays an earlier opening of the same bytes derived (`derivedArrays`,
   * unpacked), viewed instead of made; throws when they do not fit these bytes.
   */
  constructor(
    readonly bytes: Uint8Array,
    private readonly tokenizer: SiftTokenizer,
    kept?: ReadonlyMap<string, DerivedArray>,
  ) {
    const reader = new SectionReader<SiftHeader>(bytes);
    const { header } = reader;
    const derived = new DerivedArrays(kept);
    this.derived = derived;
    this.documentCount = header.documentCount;
    this.searchProperties = header.searchProperties;
    this.filters = new Map(
      header.filters.map((filter, i) => [
        filter.name,
        new FilterColumn(filter, reader, `filter.${i}`, derived),
      ]),
    );
    this.stored = new StoredFields(header.columns, reader, header.documentCount, this.filters, derived);
    this.numbers = new NumericColumns(this.stored, header.documentCount);
    this.rankFactor = derived.array('rankFactor', Float64Array, header.documentCount, () => {
      const rankFactor = new Float64Array(header.documentCount);
      const rankOf = this.stored.column('rank');
      for (let d = 0; d < header.documentCount; d += 1) rankFactor[d] = 1 + (Number(rankOf(d)) || 0) / 10;
      return rankFactor;
    });
    const inRankOrder = derived.array('inRankOrder', Uint8Array, 1, () => {
      const { rankFactor } = this;
      for (let d = 1; d < header.documentCount; d += 1)
        if (rankFactor[d]! > rankFactor[d - 1]!) return Uint8Array.of(0);
      return Uint8Array.of(1);
    });
    this.inRankOrder = inRankOrder[0] === 1;
    this.postings = new PostingLists(
      new Dictionary(reader.text('terms'), header.termCount, derived),
      reader.shuffled('termCounts'),
      reader.uint8('docDeltas'),
      reader.uint8('masks'),
      derived,
    );
    this.matcher = new WordMatcher(this.postings, header.documentCount);
    this.visibleCount = header.documentCount;
  }

  /**
   * This index without the documents of `ids` (a delta segment holds their newer version, or they
   * were removed): a view sharing every array, whose searches never match them.
   */
  withHidden(ids: Iterable<string>): SiftIndex {
    const hidden = new Uint8Array(this.documentCount);
    let count = 0;
    for (const id of ids) {
      const d = this.stored.indexOf(id);
      if (d !== undefined && hidden[d] === 0) {
        hidden[d] = 1;
        count += 1;
      }
    }
    const view: SiftIndex = Object.create(SiftIndex.prototype);
    return Object.assign(view, this, {
      hidden: count > 0 ? hidden : undefined,
      visibleCount: this.documentCount - count,
    });
  }

  /**
   * The arrays derived from the bytes so far, packed (derived.ts): what a later opening of the same
   * bytes takes as `kept`, the text columns' line starts among them. The key table, made on first use,
   * is in only once made.
   */
  derivedArrays(): Uint8Array {
    this.stored.makeLineStarts();
    return this.derived.pack();
  }

  /** Indexes `documents`, which come best rank first: that order breaks score ties and lists searches without words. */
  static build(spec: SiftSpec, documents: SiftDocument[], tokenizer: SiftTokenizer): SiftIndex {
    return new SiftIndex(encodeSiftIndex(spec, documents, tokenizer), tokenizer);
  }

  document(id: string): SiftDocument | undefined {
    const d = this.stored.indexOf(id);
    return d === undefined || this.hidden?.[d] ? undefined : this.stored.document(d);
  }

  /** How a query word (folded) is spelled in this index: known, or its nearest indexed word (spelling.ts). */
  spell(word: string): Spelling {
    const { postings } = this;
    const popularity = (term: number) =>
      postings.documents(term).reduce((most, d) => Math.max(most, this.rankFactor[d]!), 0);
    return spell(postings.terms, word, popularity, (term) => postings.size(term));
  }

  search(request: SiftRequest): SiftResult {
    const words = request.term === undefined ? [] : this.tokenizer.query(request.term);
    const clauses = Object.entries(request.where)
      .filter(([property, values]) => values.length > 0 && this.filters.has(property))
      .map(([property, values]) => {
        const column = this.filters.get(property)!;
        return { column, values, table: column.acceptor(values) };
      });
    const facets = (request.facets ?? []).flatMap((property) => {
      const column = this.filters.get(property);
      return column ? [{ column, counts: column.newCounts() }] : [];
    });
    const ranges = Object.entries(request.ranges ?? {}).map(([property, range]) => ({
      property,
      values: this.numbers.get(property),
      min: range.min ?? Number.NEGATIVE_INFINITY,
      max: range.max ?? Number.POSITIVE_INFINITY,
    }));
    const histograms = Object.entries(request.histograms ?? {}).map(([property, boundaries]) => ({
      property,
      buckets: this.numbers.buckets(property, boundaries),
      counts: new Array<number>(boundaries.length + 1).fill(0),
    }));
    const admitted = this.admitted(clauses, ranges);
    const counted = facets.length + histograms.length > 0;
    const tally = (d: number) => {
      for (const { column, counts } of facets) column.count(d, counts);
      for (const { buckets, counts } of histograms) if (buckets[d] !== NO_BUCKET) counts[buckets[d]!]! += 1;
    };
    const nearest = request.near ? this.nearest(request.near, request.limit) : undefined;

    let count = 0;
    let ranked: number[];
    let relevance: number[] = [];
    if (words.length === 0) {
      const accept = (d: number) => {
        if (admitted && admitted[d] === 0) return false;
        count += 1;
        tally(d);
        return true;
      };
      if (nearest) {
        for (let d = 0; d < this.documentCount; d += 1) if (accept(d)) nearest.offer(d);
        ranked = nearest.sorted();
      } else {
        const unfiltered = !admitted && !counted;
        ranked = this.browse(request.limit, accept, unfiltered);
        if (unfiltered) count = this.documentCount;
      }
    } else {
      const everyWord = request.threshold === 0;
      const matches = this.matcher.match(words, everyWord, this.weights(request), request.limit, admitted);
      count = matches.count;
      if (counted) matches.each(tally, true);
      if (nearest) matches.each((d) => nearest.offer(d));
      ranked = nearest ? nearest.sorted() : this.best(matches, Math.min(request.limit, count));
      relevance = ranked.map((d) => matches.relevance(d));
      matches.release();
    }
    const facetCounts = Object.fromEntries(
      facets.map(({ column, counts }) => [column.name, column.facet(counts)]),
    );
    const documentOf = this.stored.documents(request.omit);
    return {
      hits: ranked.map((d, i) => {
        const document = documentOf(d);
        // Keys are strings; the document's own saves reading one again (a tenth of a hit's cost).
        const id = typeof document.id === 'string' ? document.id : this.stored.id(d);
        return { id, score: relevance[i] ?? 0, document };
      }),
      count,
      facets: facetCounts,
      histograms: Object.fromEntries(histograms.map(({ property, counts }) => [property, counts])),
    };
  }

  /**
   * The `wanted` best matches by relevance × rank factor, ties to the lower document number. More
   * matches than that, documents in rank order: read in index order until the worst kept beats
   * every later document's best possible score (the best relevance × its rank factor).
   */
  private best(matches: Matches, wanted: number): number[] {
    const { rankFactor, documentCount } = this;
    const top = new TopK(wanted);
    if (this.inRankOrder && matches.count > wanted) {
      for (let d = matches.next(0); d < documentCount; d = matches.next(d + 1)) {
        if (top.full && top.worstScore >= matches.best * rankFactor[d]!) break;
        top.offer(matches.relevance(d) * rankFactor[d]!, d);
      }
    } else matches.each((d) => top.offer(matches.relevance(d) * rankFactor[d]!, d));
    return top.sorted();
  }

  /** Documents passing the `where` clauses, the ranges and not hidden; undefined when that is all of them. */
  private admitted(
    clauses: { column: FilterColumn; values: string[]; table: Uint8Array }[],
    ranges: { property: string; values: Float64Array; min: number; max: number }[],
  ): Uint8Array | undefined {
    const { hidden, lastAdmitted } = this;
    if (clauses.length + ranges.length === 0 && !hidden) return undefined;
    const key = JSON.stringify([
      clauses.map(({ column, values }) => [column.name, values]),
      ranges.map(({ property, min, max }) => [property, String(min), String(max)]),
    ]);
    if (lastAdmitted.key === key && lastAdmitted.hidden === hidden) return lastAdmitted.admitted;
    const admitted = new Uint8Array(this.documentCount);
    for (let d = 0; d < this.documentCount; d += 1) {
      admitted[d] = hidden?.[d] ? 0 : 1;
      for (const { column, table } of clauses) if (!column.holdsAny(d, table)) admitted[d] = 0;
      // NaN (no number) fails both comparisons.
      for (const { values, min, max } of ranges)
        if (!(values[d]! >= min && values[d]! <= max)) admitted[d] = 0;
    }
    Object.assign(lastAdmitted, { key, hidden, admitted });
    return admitted;
  }

  /** The `limit` documents offered nearest `near`, nearest first; those without coordinates last. */
  private nearest(near: SiftNear, limit: number) {
    const lats = this.numbers.get(near.latProperty);
    const lons = this.numbers.get(near.lonProperty);
    const top = new TopK(limit);
    return {
      offer: (d: number) => {
        const km = distanceKm(near, { lat: lats[d]!, lon: lons[d]! });
        top.offer(Number.isNaN(km) ? Number.NEGATIVE_INFINITY : -km, d);
      },
      sorted: () => top.sorted(),
    };
  }

  /** Documents in index order (best rank first); without filters or facets only the first `limit` are looked at. */
  private browse(limit: number, accept: (d: number) => boolean, unfiltered: boolean): number[] {
    const end = unfiltered ? Math.min(limit, this.documentCount) : this.documentCount;
    const docs: number[] = [];
    for (let d = 0; d < end; d += 1) if (accept(d) && docs.length < limit) docs.push(d);
    return docs;
  }

  private weights(request: SiftRequest): MaskWeights {
    const codes = request.codes ?? [];
    const codeMask = this.searchProperties.reduce(
      (mask, property, p) => (codes.includes(property) ? mask | (1 << p) : mask),
      0,
    );
    const codeShare = (property: string) => (codes.includes(property) ? CODE_PREFIX_SHARE : 1);
    return {
      ofMask: this.boostOfMask((property) => (request.boost[property] ?? 1) * codeShare(property)),
      exactCodeOfMask: this.boostOfMask((property) => request.boost[property] ?? 1),
      codeMask,
    };
  }

  /** Mask → the largest boost among its properties. */
  private boostOfMask(boostOf: (property: string) => number): Float64Array {
    const table = new Float64Array(1 << this.searchProperties.length);
    this.searchProperties.forEach((property, p) => {
      const factor = boostOf(property);
      for (let mask = 1; mask < table.length; mask += 1) {
        if (mask & (1 << p) && (table[mask] === 0 || factor > table[mask]!)) table[mask] = factor;
      }
    });
    return table;
  }
}
