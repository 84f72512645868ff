// The best documents of a search with many matches (short prefixes), when documents come best
// rank first and matches take few distinct relevances: per relevance, matches in index order are
// already best first, so the best overall are a merge of short lists, found without a heap.

/** With more distinct relevances than this, the caller keeps a heap instead. */
export const MAX_RELEVANCES = 16;

export interface RankOrderInput {
  documentCount: number;
  /** 1 + rank/10 per document, never increasing with the document number. */
  rankFactor: Float64Array;
  relevance: Float64Array;
  /** Document d matches and passes the filters. */
  isHit(d: number): boolean;
  /** The highest relevance of any hit. */
  best: number;
}

/**
 * The `wanted` best hits by relevance × rank factor, ties to the lower document number (as TopK
 * orders them), or undefined when the hits have more than MAX_RELEVANCES distinct relevances.
 */
export function bestInRankOrder(input: RankOrderInput, wanted: number): number[] | undefined {
  const { documentCount, rankFactor, relevance, isHit, best } = input;
  const lists = new Map<number, number[]>();
  for (let d = 0; d < documentCount; d += 1) {
    if (!isHit(d)) continue;
    const list = lists.get(relevance[d]!) ?? [];
    if (list.length === 0) {
      if (lists.size === MAX_RELEVANCES) return undefined;
      lists.set(relevance[d]!, list);
    }
    // A list holding `wanted` documents already beats every later one of its relevance.
    if (list.length < wanted) list.push(d);
    // Every later document scores at most best × its rank factor, which `wanted` earlier
    // documents of the best relevance reach already (and ties go to the earlier).
    if (relevance[d] === best && list.length === wanted) break;
  }
  const heads = [...lists].map(([score, docs]) => ({ score, docs, at: 0 }));
  const ranked: number[] = [];
  while (ranked.length < wanted) {
    let pick: (typeof heads)[number] | undefined;
    let pickScore = -1;
    for (const head of heads) {
      if (head.at === head.docs.length) continue;
      const d = head.docs[head.at]!;
      const score = head.score * rankFactor[d]!;
      if (score > pickScore || (score === pickScore && d < pick!.docs[pick!.at]!)) {
        pick = head;
        pickScore = score;
      }
    }
    if (!pick) break;
    ranked.push(pick.docs[pick.at]!);
    pick.at += 1;
  }
  return ranked;
}
