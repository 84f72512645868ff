// The data type chips: limit the search to some data types (the chips route parameter), with how
// many matches each has for the current text and filters once known; types without any are dimmed.
import Check from '@mui/icons-material/Check';
import { Box, Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { SearchLabels } from './search-labels';

export function DataTypeChips({
  dataTypes,
  chips,
  typeCounts,
  labels,
  onChange,
}: {
  dataTypes: readonly string[];
  chips: readonly string[];
  typeCounts: Record<string, number>;
  labels: SearchLabels;
  onChange: (chips: string[]) => void;
}) {
  const { t } = useTranslation();
  const toggle = (dataType: string) =>
    onChange(chips.includes(dataType) ? chips.filter((c) => c !== dataType) : [...chips, dataType]);
  return (
    <Box
      role="group"
      aria-label={t('search.data_types_label')}
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
    >
      <Chip
        label={t('search.all_types')}
        color={chips.length === 0 ? 'primary' : 'default'}
        variant={chips.length === 0 ? 'filled' : 'outlined'}
        aria-pressed={chips.length === 0}
        onClick={() => onChange([])}
      />
      {dataTypes.map((dataType) => {
        const selected = chips.includes(dataType);
        const count = typeCounts[dataType];
        return (
          <Chip
            key={dataType}
            icon={selected ? <Check /> : undefined}
            label={
              count === undefined
                ? labels.dataType(dataType, 'collection')
                : `${labels.dataType(dataType, 'collection')} · ${labels.number(count)}`
            }
            color={selected ? 'primary' : 'default'}
            variant={selected ? 'filled' : 'outlined'}
            aria-pressed={selected}
            onClick={() => toggle(dataType)}
            sx={{ opacity: count === 0 && !selected ? 0.55 : 1, fontVariantNumeric: 'tabular-nums' }}
          />
        );
      })}
    </Box>
  );
}
