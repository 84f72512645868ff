// Help while typing, from the indexes' own words: titles completing the text being typed, and the
// query corrected word by word ("did you mean"). Engine-independent; the worker runs them.
import type { WordSpelling } from './engine';
import { itemTitle, type TitleSource } from './item-title';
import type { SearchHit } from './search-types';
import { compareSpellings } from './sift';
import { foldText, tokenize, tokenizeForIndex } from './tokenizer';

export interface TitleCompletion {
  title: string;
  /** The hit's score (relevance × rank factor): popular titles that match well come first. */
  score: number;
}

/** Whether every query word starts a word of `title` (so the title completes what was typed). */
export function completesTitle(title: string, words: readonly string[]): boolean {
  const titleWords = tokenizeForIndex(title);
  return words.every((word) => titleWords.some((titleWord) => titleWord.startsWith(word)));
}

/**
 * The titles of `hits` (best first) that complete `text`, once each; the text itself is no
 * completion. A hit's title in the interface `language` is offered when it completes the text,
 * else its title property (what was typed may be either: فر → فرنسا, fra → France).
 */
export function titleCompletions(
  hits: readonly SearchHit[],
  source: TitleSource,
  language: string,
  text: string,
): TitleCompletion[] {
  const words = tokenize(text);
  const typed = foldText(text.trim());
  const seen = new Set<string>();
  const completions: TitleCompletion[] = [];
  for (const hit of hits) {
    const title = [itemTitle(source, hit.document, language, ''), hit.document[source.titleProperty]].find(
      (name): name is string => typeof name === 'string' && completesTitle(name, words),
    );
    if (title === undefined) continue;
    const folded = foldText(title);
    if (folded === typed || seen.has(folded)) continue;
    seen.add(folded);
    completions.push({ title, score: hit.score });
  }
  return completions;
}

/** Completions of several sources: best score first, each title once (folded), at most `limit`. */
export function mergeCompletions(lists: readonly TitleCompletion[][], limit: number): string[] {
  const seen = new Set<string>();
  const titles: string[] = [];
  for (const { title } of lists.flat().sort((a, b) => b.score - a.score)) {
    const folded = foldText(title);
    if (seen.has(folded)) continue;
    seen.add(folded);
    titles.push(title);
    if (titles.length === limit) break;
  }
  return titles;
}

/**
 * The query with each word no index knows replaced by the nearest indexed word of any index
 * (fewest edits, then most popular, then in most documents); undefined when every word is known, or one has no near word.
 * `spellings(word)` answers per index.
 */
export function correctedQuery(
  text: string,
  spellings: (word: string) => WordSpelling[],
): string | undefined {
  let changed = false;
  const corrected: string[] = [];
  for (const word of tokenize(text)) {
    const answers = spellings(word);
    if (answers.includes('known')) {
      corrected.push(word);
      continue;
    }
    const nearest = answers
      .filter((answer) => answer !== undefined && answer !== 'known')
      .sort(compareSpellings)[0];
    if (!nearest) return undefined;
    corrected.push(nearest.term);
    changed = true;
  }
  return changed ? corrected.join(' ') : undefined;
}
