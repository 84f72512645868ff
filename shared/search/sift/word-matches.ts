// Which documents the query words match, and their relevance: for each word, the best of
// (match quality × the boost of the property holding the match) over its prefix range and typo
// terms, summed over words. Works in scratch arrays sized to the index, touching only matches;
// documents a search's filters exclude are skipped as their postings are read.
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

interface WordPlan {
  /** Terms starting with the word: [from, to). */
  range: [number, number];
  /** The term equal to the word, scored `exactQuality` (-1: none, or the word is too short). */
  exact: number;
  exactQuality: number;
  /** The term equal to the word, worth EXACT_QUALITY where it is in a code property (-1: none, or no code properties). */
  code: number;
  typos: { term: number; quality: number }[];
  /** Postings to visit, to take the most selective word first. */
  size: number;
}

export interface Matches {
  /** The matching documents, in no particular order. */
  docs: Uint32Array;
  relevance: Float64Array;
  /** At least the highest relevance of any match. */
  best: number;
  /** Whether document d is one of `docs`. */
  has(d: number): boolean;
  /** Must be called once the caller is done with `docs` and `relevance`. */
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
  /** Scratch for combining several words, made by the first search of several words (14 MB at 1M documents). */
  private combining?: { total: Float64Array; matchedWords: Uint16Array; alive: Uint32Array };
  private epoch = 0;
  /** The highest score visitWord gave. */
  private wordBest = 0;

  constructor(
    private readonly postings: PostingLists,
    private readonly documentCount: number,
  ) {
    this.best = new Float64Array(documentCount);
    this.stamp = new Uint32Array(documentCount);
    this.wordDocs = new Uint32Array(documentCount);
  }

  private plan(word: string, codeMask: number): WordPlan {
    const { terms, starts } = this.postings;
    const range = terms.prefixRange(word);
    const exactAt = range[0];
    const whole = exactAt < range[1] && terms.termLength(exactAt) === word.length;
    const quality = exactQuality(word);
    const exact = whole && quality > PREFIX_QUALITY ? exactAt : -1;
    const code = whole && codeMask !== 0 && word.length >= CODE_FROM_LENGTH ? exactAt : -1;
    const typos: WordPlan['typos'] = [];
    let size = starts[range[1]]! - starts[range[0]]!;
    const budget = typoBudget(word);
    if (budget > 0) {
      typoTerms(terms, word, budget, (term, distance) => {
        typos.push({ term, quality: TYPO_QUALITY[distance]! });
        size += this.postings.size(term);
      });
    }
    return { range, exact, exactQuality: quality, code, typos, size };
  }

  /**
   * The documents matching every word (threshold 0) or any word (otherwise), scored with `weights`,
   * among those `admitted` marks (all without it).
   */
  match(words: string[], everyWord: boolean, weights: MaskWeights, admitted?: Uint8Array): Matches {
    const plans = words.map((word) => this.plan(word, weights.codeMask));
    if (plans.length === 1) {
      // One word: its own scratch lists are the answer, nothing to combine.
      const found = this.visitWord(plans[0]!, weights, 0, admitted);
      const { stamp, epoch } = this;
      return {
        docs: this.wordDocs.subarray(0, found),
        relevance: this.best,
        best: this.wordBest,
        has: (d) => stamp[d] === epoch,
        release: () => {},
      };
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
    return {
      docs: everyWord ? wordDocs.subarray(0, matching) : alive.subarray(0, aliveCount),
      relevance: total,
      best,
      has: (d) => (everyWord ? matchedWords[d] === plans.length : matchedWords[d]! > 0),
      release: () => {
        for (let i = 0; i < aliveCount; i += 1) {
          matchedWords[alive[i]!] = 0;
          total[alive[i]!] = 0;
        }
      },
    };
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
    const [from, to] = plan.range;
    let found = 0;
    // The exact (or code) word, if any, is the first of the range; the others are prefix matches.
    let prefixFrom = from;
    if (from < to && (plan.exact === from || plan.code === from)) {
      const quality = plan.exact === from ? plan.exactQuality : PREFIX_QUALITY;
      const exactIn = plan.code === from ? weights.codeMask : 0;
      found = this.visitPostings(from, from + 1, quality, exactIn, weights, onlyAfter, only, found);
      prefixFrom = from + 1;
    }
    found = this.visitPostings(prefixFrom, to, PREFIX_QUALITY, 0, weights, onlyAfter, only, found);
    for (const { term, quality } of plan.typos) {
      found = this.visitPostings(term, term + 1, quality, 0, weights, onlyAfter, only, found);
    }
    return found;
  }

  /**
   * Visits the postings of terms [fromTerm, toTerm), decoding them in place: a 1-letter prefix
   * spans a seventh of the dictionary, so nothing is done per term but reset the running document.
   * `exactIn`: property bits where these postings are exact matches whatever `quality` says.
   */
  private visitPostings(
    fromTerm: number,
    toTerm: number,
    quality: number,
    exactIn: number,
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
    for (let t = fromTerm; t < toTerm; t += 1) {
      const end = starts[t + 1]!;
      let d = 0;
      for (let k = starts[t]!; k < end; k += 1) {
        d = (d + deltaAt(deltas, n, k)) | 0;
        if (onlyAfter > 0 ? matchedWords![d] !== onlyAfter : admitted !== undefined && admitted[d] === 0)
          continue;
        const mask = masks[k]!;
        const score =
          exactIn !== 0 && (mask & exactIn) !== 0
            ? EXACT_QUALITY * weights.exactCodeOfMask[mask]!
            : quality * weights.ofMask[mask]!;
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
