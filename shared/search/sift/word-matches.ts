// Which documents the query words match, and their relevance: for each word, the best of
// (match quality × the boost of the property holding the match) over its prefix range and typo
// terms, summed over words. Works in scratch arrays sized to the index, touching only matches;
// documents a search's filters exclude are skipped as their postings are read. A single word with
// postings for much of the index (a short prefix) is matched into a bitset instead, and scored only
// as far into the index (rank order) as its best hits can lie.
import { typoTerms } from './dictionary';
import {
  CODE_FROM_LENGTH,
  EXACT_QUALITY,
  exactQuality,
  PREFIX_QUALITY,
  TYPO_QUALITY,
  typoBudget,
} from './match-rules';
import { deltaAt, type PostingLists } from './postings';

/** Postings past 1/DENSE of the documents make a word dense. */
const DENSE = 32;
/** A dense word is scored over this many times the documents expected to hold its wanted hits. */
const SCORED_AHEAD = 4;

/** Terms [from, to) whose postings score `quality` (EXACT_QUALITY in the `exactIn` properties). */
interface Segment {
  from: number;
  to: number;
  quality: number;
  exactIn: number;
}

interface WordPlan {
  segments: Segment[];
  /** Postings to visit, to take the most selective word first. */
  size: number;
}

export interface Matches {
  /** How many documents match. */
  count: number;
  /** At least the highest relevance of any match. */
  best: number;
  relevance(d: number): number;
  /** The first match from document d on (the document count when none is left). */
  next(d: number): number;
  /** Calls `visit` for every match: in index order when `inOrder`, else in any order. */
  each(visit: (d: number) => void, inOrder?: boolean): void;
  /** Must be called once the caller is done with the matches. */
  release(): void;
}

/** What a match in each set of searched properties is worth (index: a bit mask of properties). */
export interface MaskWeights {
  /** The largest boost among the properties of the mask; code properties' counting CODE_PREFIX_SHARE of theirs. */
  ofMask: Float64Array;
  /** The largest boost among the properties of the mask, in full: for a whole word of a code property. */
  exactCodeOfMask: Float64Array;
  /** The bits of the code properties. */
  codeMask: number;
}

export class WordMatcher {
  private readonly best: Float64Array;
  private readonly stamp: Uint32Array;
  private readonly wordDocs: Uint32Array;
  /** One bit per document: a dense word's matches, or matches put in index order; all 0 between uses. */
  private readonly bits: Uint32Array;
  /** How many documents each `admitted` array admits (they are kept while their filter stays). */
  private readonly admittedCounts = new WeakMap<Uint8Array, number>();
  /** Scratch for combining several words, made by the first search of several words (14 MB at 1M documents). */
  private combining?: { total: Float64Array; matchedWords: Uint16Array; alive: Uint32Array };
  private epoch = 0;
  /** The highest score the last visit gave. */
  private wordBest = 0;

  constructor(
    private readonly postings: PostingLists,
    private readonly documentCount: number,
  ) {
    this.best = new Float64Array(documentCount);
    this.stamp = new Uint32Array(documentCount);
    this.wordDocs = new Uint32Array(documentCount);
    this.bits = new Uint32Array(Math.ceil(documentCount / 32));
  }

  private plan(word: string, weights: MaskWeights): WordPlan {
    const { terms } = this.postings;
    const [from, to] = terms.prefixRange(word);
    const whole = from < to && terms.termLength(from) === word.length;
    const quality = exactQuality(word);
    const exact = whole && quality > PREFIX_QUALITY;
    const code = whole && weights.codeMask !== 0 && word.length >= CODE_FROM_LENGTH;
    const segments: Segment[] = [];
    // The word itself, if indexed, is the first of its range; the others are prefix matches.
    let prefixFrom = from;
    if (exact || code) {
      segments.push({
        from,
        to: from + 1,
        quality: exact ? quality : PREFIX_QUALITY,
        exactIn: code ? weights.codeMask : 0,
      });
      prefixFrom = from + 1;
    }
    segments.push({ from: prefixFrom, to, quality: PREFIX_QUALITY, exactIn: 0 });
    const budget = typoBudget(word);
    if (budget > 0) {
      typoTerms(terms, word, budget, (term, distance) => {
        segments.push({ from: term, to: term + 1, quality: TYPO_QUALITY[distance]!, exactIn: 0 });
      });
    }
    const { starts } = this.postings;
    const size = segments.reduce((sum, { from, to }) => sum + starts[to]! - starts[from]!, 0);
    return { segments, size };
  }

  /**
   * The documents matching every word (threshold 0) or any word (otherwise), scored with `weights`,
   * among those `admitted` marks (all without it); `wanted`: how many best hits will be asked for.
   */
  match(
    words: string[],
    everyWord: boolean,
    weights: MaskWeights,
    wanted: number,
    admitted?: Uint8Array,
  ): Matches {
    const plans = words.map((word) => this.plan(word, weights));
    if (plans.length === 1 && plans[0]!.size * DENSE > this.documentCount) {
      return this.dense(plans[0]!, weights, wanted, admitted);
    }
    if (plans.length === 1) {
      // One word: its own scratch lists are the answer, nothing to combine.
      const found = this.visitWord(plans[0]!, weights, 0, admitted);
      return this.listed(this.wordDocs.subarray(0, found), this.best, this.wordBest);
    }
    if (everyWord) plans.sort((a, b) => a.size - b.size);
    const n = this.documentCount;
    this.combining ??= {
      total: new Float64Array(n),
      matchedWords: new Uint16Array(n),
      alive: new Uint32Array(n),
    };
    const { alive, total, matchedWords } = this.combining;
    const { wordDocs } = this;
    let aliveCount = 0;
    let best = 0;
    for (let w = 0; w < plans.length; w += 1) {
      const found = this.visitWord(plans[w]!, weights, everyWord ? w : 0, admitted);
      best += this.wordBest;
      for (let i = 0; i < found; i += 1) {
        const d = wordDocs[i]!;
        if (w === 0 || (!everyWord && matchedWords[d] === 0)) alive[aliveCount++] = d;
        total[d] = (w === 0 ? 0 : total[d]!) + this.best[d]!;
        matchedWords[d]! += 1;
      }
      if (everyWord && found === 0) break;
    }
    let matching = aliveCount;
    if (everyWord) {
      matching = 0;
      for (let i = 0; i < aliveCount; i += 1)
        if (matchedWords[alive[i]!] === plans.length) wordDocs[matching++] = alive[i]!;
    }
    const docs = everyWord ? wordDocs.subarray(0, matching) : alive.subarray(0, aliveCount);
    return this.listed(docs, total, best, () => {
      for (let i = 0; i < aliveCount; i += 1) {
        matchedWords[alive[i]!] = 0;
        total[alive[i]!] = 0;
      }
    });
  }

  /**
   * Matches held as a list of documents and their relevance by document; put in the bitset when
   * asked for in index order (the columns a visit reads are then read in order, not at random,
   * which took 200 ns a match at a million documents).
   */
  private listed(docs: Uint32Array, relevance: Float64Array, best: number, release = () => {}): Matches {
    const n = this.documentCount;
    const { bits } = this;
    let marked = false;
    const mark = () => {
      if (marked) return;
      for (const d of docs) bits[d >>> 5]! |= 1 << (d & 31);
      marked = true;
    };
    return {
      count: docs.length,
      best,
      relevance: (d) => relevance[d]!,
      next: (d) => {
        mark();
        return nextBit(bits, d, n);
      },
      each: (visit, inOrder) => {
        if (!inOrder) {
          for (const d of docs) visit(d);
          return;
        }
        mark();
        forEachBit(bits, visit);
      },
      release: () => {
        if (marked) bits.fill(0);
        release();
      },
    };
  }

  /**
   * A word with postings for much of the index: its matches go into the bitset, counted as they
   * are set, and only documents before `scoredTo` are scored (in rank order, the best hits are
   * among the first); a later document's relevance scores the rest first.
   */
  private dense(plan: WordPlan, weights: MaskWeights, wanted: number, admitted?: Uint8Array): Matches {
    const n = this.documentCount;
    const { bits, best } = this;
    // A posting per match, its documents spread evenly over the index, as many admitted as overall.
    const expectedPerHit = Math.ceil(n / plan.size / (this.admittedShare(admitted) || 1 / n));
    let scoredTo = Math.min(n, SCORED_AHEAD * wanted * expectedPerHit);
    best.fill(0, 0, scoredTo);
    const count = this.visitDense(plan, weights, admitted, 0, scoredTo, true);
    const top = this.wordBest;
    return {
      count,
      best: top,
      relevance: (d) => {
        if (d >= scoredTo) {
          best.fill(0, scoredTo);
          this.visitDense(plan, weights, admitted, scoredTo, n, false);
          scoredTo = n;
        }
        return best[d]!;
      },
      next: (d) => nextBit(bits, d, n),
      each: (visit) => forEachBit(bits, visit),
      release: () => bits.fill(0),
    };
  }

  private admittedShare(admitted: Uint8Array | undefined): number {
    if (!admitted) return 1;
    let count = this.admittedCounts.get(admitted);
    if (count === undefined) {
      count = admitted.reduce((sum, one) => sum + one, 0);
      this.admittedCounts.set(admitted, count);
    }
    return count / this.documentCount;
  }

  /**
   * Reads a dense word's postings: sets their documents' bits (when `mark`; returns how many were
   * new) and keeps the best score of those in [scoreFrom, scoreTo). The best score of all of them
   * comes from the union of their masks (a mask weighs what its heaviest property does), so a
   * posting past scoreTo, most of them, is never scored.
   */
  private visitDense(
    plan: WordPlan,
    weights: MaskWeights,
    admitted: Uint8Array | undefined,
    scoreFrom: number,
    scoreTo: number,
    mark: boolean,
  ): number {
    const { masks, starts, deltas } = this.postings;
    const { bits, best } = this;
    const n = deltas.length >>> 2;
    let count = 0;
    let top = 0;
    for (const { from, to, quality, exactIn } of plan.segments) {
      let plainMasks = 0;
      let exactMasks = 0;
      for (let t = from; t < to; t += 1) {
        const end = starts[t + 1]!;
        let d = 0;
        for (let k = starts[t]!; k < end; k += 1) {
          d = (d + deltaAt(deltas, n, k)) | 0;
          if (admitted !== undefined && admitted[d] === 0) continue;
          const mask = masks[k]!;
          if ((mask & exactIn) !== 0) exactMasks |= mask;
          else plainMasks |= mask;
          if (mark) {
            const bit = 1 << (d & 31);
            const word = bits[d >>> 5]!;
            if ((word & bit) === 0) {
              bits[d >>> 5] = word | bit;
              count += 1;
            }
          }
          if (d >= scoreFrom && d < scoreTo) {
            const score = postingScore(mask, quality, exactIn, weights);
            if (score > best[d]!) best[d] = score;
          }
        }
      }
      top = Math.max(
        top,
        postingScore(plainMasks, quality, 0, weights),
        postingScore(exactMasks, quality, exactIn, weights),
      );
    }
    this.wordBest = top;
    return count;
  }

  /**
   * Puts into wordDocs every document one word matches, with its best score in `best`; with
   * `onlyAfter` > 0, only documents that matched exactly that many words before (threshold 0),
   * else only those `admitted` marks.
   */
  private visitWord(plan: WordPlan, weights: MaskWeights, onlyAfter: number, admitted?: Uint8Array): number {
    this.epoch += 1;
    if (this.epoch === 2 ** 32) {
      this.stamp.fill(0);
      this.epoch = 1;
    }
    this.wordBest = 0;
    const only = onlyAfter > 0 ? undefined : admitted;
    let found = 0;
    for (const segment of plan.segments) {
      found = this.visitPostings(segment, weights, onlyAfter, only, found);
    }
    return found;
  }

  /**
   * Visits the postings of a segment's terms, decoding them in place: a 1-letter prefix spans a
   * seventh of the dictionary, so nothing is done per term but reset the running document.
   */
  private visitPostings(
    { from, to, quality, exactIn }: Segment,
    weights: MaskWeights,
    onlyAfter: number,
    admitted: Uint8Array | undefined,
    found: number,
  ): number {
    const { masks, starts, deltas } = this.postings;
    const { best, stamp, wordDocs, epoch } = this;
    // Only a later word of several (onlyAfter > 0) reads it.
    const matchedWords = this.combining?.matchedWords;
    const n = deltas.length >>> 2;
    let top = this.wordBest;
    for (let t = from; t < to; t += 1) {
      const end = starts[t + 1]!;
      let d = 0;
      for (let k = starts[t]!; k < end; k += 1) {
        d = (d + deltaAt(deltas, n, k)) | 0;
        if (onlyAfter > 0 ? matchedWords![d] !== onlyAfter : admitted !== undefined && admitted[d] === 0)
          continue;
        const score = postingScore(masks[k]!, quality, exactIn, weights);
        if (score > top) top = score;
        if (stamp[d] !== epoch) {
          stamp[d] = epoch;
          best[d] = score;
          wordDocs[found++] = d;
        } else if (score > best[d]!) best[d] = score;
      }
    }
    this.wordBest = top;
    return found;
  }
}

/** A posting's score: `quality` in its properties' best weight, or an exact code match's. */
function postingScore(mask: number, quality: number, exactIn: number, weights: MaskWeights): number {
  return exactIn !== 0 && (mask & exactIn) !== 0
    ? EXACT_QUALITY * weights.exactCodeOfMask[mask]!
    : quality * weights.ofMask[mask]!;
}

/** Calls `visit` for each set bit, in order. */
function forEachBit(bits: Uint32Array, visit: (d: number) => void): void {
  for (let w = 0; w < bits.length; w += 1) {
    let word = bits[w]!;
    while (word !== 0) {
      const lowest = word & -word;
      visit(w * 32 + 31 - Math.clz32(lowest));
      word ^= lowest;
    }
  }
}

/** The first set bit from d on, or `end`. */
function nextBit(bits: Uint32Array, d: number, end: number): number {
  if (d >= end) return end;
  let w = d >>> 5;
  let word = bits[w]! & (-1 << (d & 31));
  while (word === 0) {
    w += 1;
    if (w >= bits.length) return end;
    word = bits[w]!;
  }
  return w * 32 + 31 - Math.clz32(word & -word);
}
