// A text with the parts the search matched marked (<mark>), coloured by the results list's styles.
import { highlight } from './highlight';

export function HighlightedText({ text, words }: { text: string; words: readonly string[] }) {
  return (
    <>
      {highlight(text, words).map((segment, i) =>
        segment.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity beyond their place
          <mark key={i}>{segment.text}</mark>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}
