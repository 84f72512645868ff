// A text with the parts the search matched marked (<mark>), in the theme's colours.
import { Box } from '@mui/material';
import { highlight } from './highlight';

export function HighlightedText({ text, words }: { text: string; words: readonly string[] }) {
  return (
    <>
      {highlight(text, words).map((segment, i) =>
        segment.match ? (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity beyond their place
            key={i}
            component="mark"
            sx={{
              bgcolor: 'm3.tertiaryContainer',
              color: 'm3.onTertiaryContainer',
              borderRadius: '3px',
            }}
          >
            {segment.text}
          </Box>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}
