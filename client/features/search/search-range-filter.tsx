// A range filter: a histogram of how many of the current matches fall in each bucket (counted with
// every other filter, not this one's own range), the selected range's buckets highlighted, and a
// minimum and a maximum to type. A minimum above the maximum is said so and not applied.
import { Box, Button, TextField, Typography } from '@mui/material';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseRangeValue, type RangeBounds, rangeValueOf } from '#shared/search/range-value';
import { FilterSection } from './filter-section';
import { bucketLabel } from './range-labels';

const BAR_AREA_HEIGHT = 56;

/** A typed bound: a finite number, or undefined for an empty field. */
function boundOf(text: string): number | undefined | 'invalid' {
  if (text.trim() === '') return undefined;
  const number = Number(text);
  return Number.isFinite(number) ? number : 'invalid';
}

/** Whether bucket `i` (between boundaries i-1 and i) overlaps the selected range. */
function inRange(boundaries: readonly number[], i: number, bounds: RangeBounds | undefined): boolean {
  if (!bounds) return false;
  const low = i > 0 ? boundaries[i - 1]! : Number.NEGATIVE_INFINITY;
  const high = i < boundaries.length ? boundaries[i]! : Number.POSITIVE_INFINITY;
  return (bounds.min ?? Number.NEGATIVE_INFINITY) < high && (bounds.max ?? Number.POSITIVE_INFINITY) >= low;
}

export function SearchRangeFilter({
  title,
  boundaries,
  counts,
  value,
  onChange,
  formatNumber,
}: {
  title: string;
  boundaries: readonly number[];
  /** Matches per bucket; undefined until counted. */
  counts: readonly number[] | undefined;
  /** The selection ("min..max"), if any. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  formatNumber: (n: number) => string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const bounds = value === undefined ? undefined : parseRangeValue(value);
  const [min, setMin] = useState(bounds?.min?.toString() ?? '');
  const [max, setMax] = useState(bounds?.max?.toString() ?? '');
  // A selection changed elsewhere (a chip removed, Clear filters) shows in the fields.
  useEffect(() => {
    setMin(bounds?.min?.toString() ?? '');
    setMax(bounds?.max?.toString() ?? '');
  }, [bounds?.min, bounds?.max]);

  const typedMin = boundOf(min);
  const typedMax = boundOf(max);
  const reversed = typeof typedMin === 'number' && typeof typedMax === 'number' && typedMin > typedMax;
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (reversed || typedMin === 'invalid' || typedMax === 'invalid') return;
    const next = rangeValueOf({
      ...(typedMin === undefined ? {} : { min: typedMin }),
      ...(typedMax === undefined ? {} : { max: typedMax }),
    });
    if (next !== value) onChange(next);
  };

  const buckets = boundaries.length + 1;
  const highest = Math.max(1, ...(counts ?? []));
  const summary = Array.from({ length: buckets }, (_, i) =>
    t('search.range.bucket', {
      range: bucketLabel(t, formatNumber, boundaries, i),
      count: formatNumber(counts?.[i] ?? 0),
    }),
  ).join('; ');

  return (
    <FilterSection
      headingId={headingId}
      title={title}
      onClear={value === undefined ? undefined : () => onChange(undefined)}
    >
      <Box
        role="img"
        aria-label={t('search.range.histogram', { filter: title, buckets: summary })}
        data-testid="range-histogram"
        sx={{ display: 'flex', alignItems: 'flex-end', gap: '2px', height: BAR_AREA_HEIGHT, mt: 1 }}
      >
        {Array.from({ length: buckets }, (_, i) => {
          const count = counts?.[i] ?? 0;
          return (
            <Box
              // biome-ignore lint/suspicious/noArrayIndexKey: buckets are positions
              key={i}
              title={t('search.range.bucket', {
                range: bucketLabel(t, formatNumber, boundaries, i),
                count: formatNumber(count),
              })}
              sx={{
                flex: 1,
                height: `${Math.max(count > 0 ? 8 : 2, (count / highest) * 100)}%`,
                borderRadius: '3px 3px 0 0',
                bgcolor: inRange(boundaries, i, bounds) ? 'primary.main' : 'm3.secondaryContainer',
                opacity: counts ? 1 : 0.4,
              }}
            />
          );
        })}
      </Box>
      <Box
        aria-hidden
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          typography: 'caption',
          color: 'text.secondary',
        }}
      >
        <span>{formatNumber(boundaries[0]!)}</span>
        <span>{formatNumber(boundaries[boundaries.length - 1]!)}</span>
      </Box>
      <Box component="form" onSubmit={apply} noValidate sx={{ display: 'flex', gap: 1, mt: 1.5 }}>
        {(
          [
            ['min', min, setMin, typedMin],
            ['max', max, setMax, typedMax],
          ] as const
        ).map(([which, text, setText, typed]) => (
          <TextField
            key={which}
            size="small"
            label={which === 'min' ? t('search.range.min') : t('search.range.max')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onBlur={apply}
            error={typed === 'invalid' || reversed}
            slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-describedby': `${headingId}-error` } }}
            sx={{ flex: 1, minWidth: 0 }}
          />
        ))}
        <Button type="submit" variant="outlined" size="small" sx={{ flexShrink: 0 }}>
          {t('search.range.apply')}
        </Button>
      </Box>
      <Typography id={`${headingId}-error`} variant="caption" color="error" role="alert">
        {reversed ? t('search.range.reversed') : ''}
      </Typography>
    </FilterSection>
  );
}
