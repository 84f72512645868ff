// The data source an import or the document browser works on, chosen from the configuration.
import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '#client/config/app-config';

export function SourceSelect({ value, onChange }: { value: string; onChange: (source: string) => void }) {
  const { t } = useTranslation();
  const names = Object.keys(useAppConfig().gapSearch.dataSources);
  return (
    <TextField
      select
      label={t('admin.source')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 220 }}
      size="small"
    >
      {names.map((name) => (
        <MenuItem key={name} value={name}>
          {name}
        </MenuItem>
      ))}
    </TextField>
  );
}
