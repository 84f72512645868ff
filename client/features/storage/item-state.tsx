// How a stored item reads right now (live, removed, expired or corrupted), as a chip.
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { isIntact, type KvItem } from '#shared/kv/kv-item';

export type ItemState = 'live' | 'removed' | 'expired' | 'corrupted';

export function itemState(item: KvItem): ItemState {
  if (item.meta.removed) return 'removed';
  if (!isIntact(item)) return 'corrupted';
  return item.meta.expired ? 'expired' : 'live';
}

const colors = { live: 'success', removed: 'default', expired: 'warning', corrupted: 'error' } as const;
const labels = {
  live: 'storage.state.live',
  removed: 'storage.state.removed',
  expired: 'storage.state.expired',
  corrupted: 'storage.state.corrupted',
} as const;

export function ItemStateChip({ item }: { item: KvItem }) {
  const { t } = useTranslation();
  const state = itemState(item);
  return <Chip size="small" variant="outlined" color={colors[state]} label={t(labels[state])} />;
}
