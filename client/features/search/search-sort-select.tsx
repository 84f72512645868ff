// The result order: best match (sort 0) or one of the sort options the searched data types offer.
// A native select, as the page size's: a phone's own picker, and no state set while hydrating (MUI's
// Select keeps its node in state, set from a ref in the commit, which runs the page's effects in
// the hydration's task).
import { TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

export function SearchSortSelect({
  value,
  options,
  label,
  onChange,
}: {
  value: number;
  /** URL sort values offered (0 first). */
  options: readonly number[];
  /** The words for a URL sort value. */
  label: (sort: number) => string;
  onChange: (sort: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      slotProps={{ select: { native: true } }}
      size="small"
      label={t('search.sort_label')}
      value={options.includes(value) ? value : 0}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ minWidth: 190, flex: { xs: 1, sm: 'none' } }}
    >
      {options.map((sort) => (
        <option key={sort} value={sort}>
          {label(sort)}
        </option>
      ))}
    </TextField>
  );
}
