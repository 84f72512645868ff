// The item viewer (/item/{datasource}/{key}): one item's fields with their labels and its data
// type, a way back to the search it came from, and proper loading, not-found and error states.
import ArrowBack from '@mui/icons-material/ArrowBack';
import SearchOff from '@mui/icons-material/SearchOff';
import { Avatar, Box, Button, Chip, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { itemAvatar, withFlagFont } from '#client/lib/item-avatar';
import { visuallyHidden } from '#client/theme/visually-hidden';
import type { DataSourceConfig } from '#shared/app-config';
import type { TitleSource } from '#shared/search/item-title';
import { ItemFieldValue, type ItemValueLabels } from './item-field-value';
import { itemFields } from './item-fields';
import { ItemLocationMap, locationOf } from './item-location-map';

export type ItemState =
  | { state: 'loading' | 'unknown-source' | 'not-found' | 'error' }
  | { state: 'found'; document: Record<string, unknown> };

export interface ItemLabels extends ItemValueLabels {
  dataType(dataType: string, form: 'item' | 'collection'): string;
  field(property: string): string;
  title(source: TitleSource, document: Record<string, unknown>, key: string): string;
}

export interface ItemViewerProps {
  item: ItemState;
  sourceName: string;
  itemKey: string;
  source: DataSourceConfig | undefined;
  labels: ItemLabels;
  /** The search this item was opened from. */
  backTo: string | undefined;
  /** Where to search this source's data type, optionally for one filter value. */
  searchUrl: (filter?: { key: string; value: string }) => string;
}

function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Button
      component={Link}
      to={to}
      startIcon={<ArrowBack sx={{ transform: (th) => (th.direction === 'rtl' ? 'scaleX(-1)' : 'none') }} />}
      sx={{ mb: 2 }}
    >
      {label}
    </Button>
  );
}

function Missing({ title, text, action }: { title: string; text: string; action?: React.ReactNode }) {
  return (
    <Box role="status" sx={{ textAlign: 'center', py: 8 }}>
      <SearchOff sx={{ fontSize: 56, color: 'text.secondary' }} />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mt: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3, overflowWrap: 'anywhere' }}>
        {text}
      </Typography>
      {action}
    </Box>
  );
}

/**
 * Memoized: the route above it re-renders each time a source's load state moves on, and the same
 * item drawn again costs a phone a long task.
 */
export const ItemViewer = memo(function ItemViewer({
  item,
  sourceName,
  itemKey,
  source,
  labels,
  backTo,
  searchUrl,
}: ItemViewerProps) {
  const { t } = useTranslation();
  const typeName = source ? labels.dataType(source.dataType, 'collection') : sourceName;
  const back = backTo ? (
    <BackLink to={backTo} label={t('search.item.back_to_results')} />
  ) : source ? (
    <BackLink to={searchUrl()} label={t('search.item.search_type', { types: typeName })} />
  ) : null;

  if (item.state === 'unknown-source' || !source) {
    return (
      <Missing
        title={t('search.item.not_found_title')}
        text={t('search.item.unknown_source', { source: sourceName })}
        action={back}
      />
    );
  }
  if (item.state === 'not-found') {
    return (
      <Missing
        title={t('search.item.not_found_title')}
        text={t('search.item.unknown_key', { key: itemKey, source: typeName })}
        action={back}
      />
    );
  }
  if (item.state === 'error') {
    return (
      <Missing
        title={t('search.item.load_error_title')}
        text={t('search.item.load_error', { source: typeName })}
        action={back}
      />
    );
  }
  if (item.state !== 'found') {
    return (
      <Box aria-busy="true">
        <Typography component="h1" sx={visuallyHidden}>
          {t('search.item.loading')}
        </Typography>
        <Skeleton width={160} height={40} />
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', my: 2 }}>
          <Skeleton variant="circular" width={64} height={64} />
          <Skeleton width="40%" height={56} />
        </Box>
        <Skeleton variant="rounded" height={280} />
      </Box>
    );
  }

  const { document } = item;
  const title = labels.title(source, document, itemKey);
  const fields = itemFields(source, document, title);
  const location = locationOf(document, source.coordinates);
  return (
    <Box>
      {back}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
        <Avatar
          aria-hidden
          sx={{
            width: 64,
            height: 64,
            fontSize: 28,
            fontWeight: 700,
            fontFamily: withFlagFont,
            bgcolor: 'm3.primaryContainer',
            color: 'm3.onPrimaryContainer',
          }}
        >
          {itemAvatar(source, document, title)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }}>
            <Chip size="small" label={labels.dataType(source.dataType, 'item')} color="primary" />
            <Typography variant="body2" color="text.secondary">
              {t('search.item.key', { key: itemKey })}
            </Typography>
          </Stack>
        </Box>
        {location && (
          <Box sx={{ marginInlineStart: 'auto !important', display: { xs: 'none', sm: 'block' } }}>
            <ItemLocationMap lat={location.lat} lon={location.lon} title={title} />
          </Box>
        )}
      </Stack>
      <Paper variant="outlined" sx={{ borderRadius: '20px', p: { xs: 2, md: 3 } }}>
        <Typography variant="overline" component="h2" color="text.secondary">
          {t('search.item.details')}
        </Typography>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, 220px) minmax(0, 1fr)' },
            columnGap: 3,
            rowGap: { xs: 0.5, sm: 1.5 },
          }}
        >
          {fields.map(({ property, value, filterKey }) => (
            <Box key={property} sx={{ display: 'contents' }}>
              <Typography
                component="dt"
                variant="body2"
                color="text.secondary"
                sx={{ fontWeight: 600, pt: { xs: 1, sm: 0 } }}
              >
                {labels.field(property)}
              </Typography>
              <Box component="dd" sx={{ m: 0, minWidth: 0 }}>
                <ItemFieldValue
                  source={source}
                  property={property}
                  value={value}
                  labels={labels}
                  searchUrl={filterKey ? (v) => searchUrl({ key: filterKey, value: v }) : undefined}
                />
              </Box>
            </Box>
          ))}
        </Box>
      </Paper>
    </Box>
  );
});
