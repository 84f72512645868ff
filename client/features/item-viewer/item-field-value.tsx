// One field's value in the item viewer: lists as chips (each a search for that value when the
// property is filterable), long lists folded, numbers and codes in words, flags drawn as flags.
import { Box, Button, Chip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { withFlagFont } from '#client/lib/item-avatar';
import type { DataSourceConfig } from '#shared/app-config';

/** Lists longer than this show their first values and a button for the rest. */
const FOLDED_LIST = 12;

export interface ItemValueLabels {
  value(source: Pick<DataSourceConfig, 'lookups'> | undefined, property: string, value: unknown): string;
}

export function ItemFieldValue({
  source,
  property,
  value,
  labels,
  searchUrl,
}: {
  source: DataSourceConfig;
  property: string;
  value: unknown;
  labels: ItemValueLabels;
  /** Set for filterable properties: the search for one of its values. */
  searchUrl?: (value: string) => string;
}) {
  const { t } = useTranslation();
  const [unfolded, setUnfolded] = useState(false);
  const chip = (v: unknown, index = 0) => {
    const label = labels.value(source, property, v);
    return searchUrl ? (
      <Chip
        key={`${index}:${String(v)}`}
        label={label}
        size="small"
        clickable
        component={Link}
        to={searchUrl(String(v))}
        aria-label={t('search.item.find_similar', { label })}
      />
    ) : (
      <Chip key={`${index}:${String(v)}`} label={label} size="small" variant="outlined" />
    );
  };

  if (!Array.isArray(value)) {
    return searchUrl && typeof value === 'string' ? (
      <Box>{chip(value)}</Box>
    ) : (
      <Typography variant="body1" sx={{ overflowWrap: 'anywhere', fontFamily: withFlagFont }}>
        {labels.value(source, property, value)}
      </Typography>
    );
  }
  const shown = unfolded ? value : value.slice(0, FOLDED_LIST);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, alignItems: 'center' }}>
      {shown.map(chip)}
      {value.length > FOLDED_LIST && (
        <Button size="small" onClick={() => setUnfolded((u) => !u)}>
          {unfolded ? t('search.show_fewer') : t('search.show_all', { count: value.length })}
        </Button>
      )}
    </Box>
  );
}
