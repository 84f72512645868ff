// One result: its title and description with the matched words marked, its data type, and (when
// it matched on another name, e.g. a translation) the name that matched. An option of the
// result listbox that links to the item viewer.
import { Avatar, Box, Chip, Typography } from '@mui/material';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DataSourceConfig } from '../../../shared/app-config';
import type { SearchHit } from '../../../shared/search/search-types';
import { hasMatch } from './highlight';
import { HighlightedText } from './highlighted-text';
import type { SearchLabels } from './search-labels';

/** Material 3 container roles, one per data type in config order. */
const TONES = ['primary', 'tertiary', 'secondary'] as const;

export interface ResultItemProps {
  hit: SearchHit;
  source: DataSourceConfig;
  /** The data type's place in the config, for its colour. */
  tone: number;
  href: string;
  linkState: unknown;
  words: readonly string[];
  labels: SearchLabels;
  id: string;
  active: boolean;
}

/** The first searched value that matched, when neither title nor description shows a match. */
function otherMatch(source: DataSourceConfig, hit: SearchHit, words: readonly string[], shown: string[]) {
  if (words.length === 0 || shown.some((text) => hasMatch(text, words))) return undefined;
  for (const property of Object.keys(source.searchProperties)) {
    const value = hit.document[property];
    const texts = Array.isArray(value) ? value : [value];
    const found = texts.find((text): text is string => typeof text === 'string' && hasMatch(text, words));
    if (found) return found;
  }
  return undefined;
}

export const SearchResultItem = memo(function SearchResultItem({
  hit,
  source,
  tone,
  href,
  linkState,
  words,
  labels,
  id,
  active,
}: ResultItemProps) {
  const { t } = useTranslation();
  const title = String(hit.document[source.titleProperty] ?? hit.id);
  const details = source.descriptionProperties.flatMap((property) => {
    const value = hit.document[property];
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length))
      return [];
    const text = labels.value(source, property, value);
    return [{ property, text: typeof value === 'number' ? `${labels.field(property)} ${text}` : text }];
  });
  const matched = otherMatch(source, hit, words, [title, ...details.map((d) => d.text)]);
  const role = TONES[tone % TONES.length]!;
  const container = `${role}Container` as const;
  const onContainer = `on${role[0]!.toUpperCase()}${role.slice(1)}Container`;

  return (
    <Box
      component={Link}
      to={href}
      state={linkState}
      id={id}
      role="option"
      aria-selected={active}
      tabIndex={-1}
      sx={{
        display: 'flex',
        gap: 2,
        alignItems: 'flex-start',
        px: { xs: 1.5, sm: 2 },
        py: 1.5,
        borderRadius: '16px',
        color: 'inherit',
        textDecoration: 'none',
        outline: active ? 2 : 0,
        outlineColor: 'primary.main',
        outlineOffset: -2,
        bgcolor: active ? 'action.selected' : 'transparent',
        transition: 'background-color 120ms',
        '&:hover': { bgcolor: active ? 'action.selected' : 'action.hover' },
        '&:hover .result-title': { textDecoration: 'underline' },
      }}
    >
      <Avatar
        aria-hidden
        sx={{
          bgcolor: `m3.${container}`,
          color: `m3.${onContainer}`,
          width: 40,
          height: 40,
          fontWeight: 600,
        }}
      >
        {[...title][0]?.toUpperCase()}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography
            className="result-title"
            component="span"
            sx={{ fontWeight: 600, fontSize: '1.05rem', overflowWrap: 'anywhere' }}
          >
            <HighlightedText text={title} words={words} />
          </Typography>
          <Chip
            size="small"
            label={labels.dataType(hit.dataType, 'item')}
            sx={{ height: 22, fontSize: 12, bgcolor: `m3.${container}`, color: `m3.${onContainer}` }}
          />
        </Box>
        {details.length > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25, overflowWrap: 'anywhere' }}>
            {details.map(({ property, text }, i) => (
              <span key={property}>
                {i > 0 && ' · '}
                <HighlightedText text={text} words={words} />
              </span>
            ))}
          </Typography>
        )}
        {matched && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25, fontStyle: 'italic' }}>
            {t('search.also_matches')} <HighlightedText text={matched} words={words} />
          </Typography>
        )}
      </Box>
    </Box>
  );
});
