// The result order: best match (sort 0) or one of the sort options the searched data types offer.
import { MenuItem, TextField } from '@mui/material';
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
      size="small"
      label={t('search.sort_label')}
      value={options.includes(value) ? value : 0}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ minWidth: 190, flex: { xs: 1, sm: 'none' } }}
    >
      {options.map((sort) => (
        <MenuItem key={sort} value={sort}>
          {label(sort)}
        </MenuItem>
      ))}
    </TextField>
  );
}
