// One consent category on the settings page: what it is for, its switch, and what it stores.
import ExpandMore from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Card,
  CardContent,
  FormControlLabel,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ConsentCategory } from '#client/consent/consent-cookie';
import { storageCatalogue } from '#client/consent/storage-catalogue';

interface Props {
  category: ConsentCategory;
  checked: boolean;
  onChange?: (checked: boolean) => void;
}

export function ConsentCategoryCard({ category, checked, onChange }: Props) {
  const { t } = useTranslation();
  const items = storageCatalogue.filter((item) => item.category === category);
  const titleId = `consent-${category}-title`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
          <Box sx={{ flex: 1, minWidth: 220 }}>
            <Typography id={titleId} variant="h6" component="h2">
              {t(`consent.categories.${category}.title`)}
            </Typography>
            <Typography color="text.secondary">{t(`consent.categories.${category}.description`)}</Typography>
          </Box>
          <FormControlLabel
            control={
              <Switch
                checked={checked}
                disabled={!onChange}
                onChange={(event) => onChange?.(event.target.checked)}
                slotProps={{ input: { 'aria-labelledby': titleId } }}
              />
            }
            label={
              onChange ? (checked ? t('consent.allowed') : t('consent.refused')) : t('consent.always_on')
            }
            labelPlacement="start"
            sx={{ ml: 0 }}
          />
        </Box>
        {items.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t(`consent.categories.${category}.empty`)}
          </Typography>
        ) : (
          <Accordion variant="outlined" disableGutters sx={{ '&::before': { display: 'none' } }}>
            <AccordionSummary expandIcon={<ExpandMore />}>
              {t('consent.what_is_stored', { count: items.length })}
            </AccordionSummary>
            <AccordionDetails sx={{ overflowX: 'auto' }}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('consent.column_name')}</TableCell>
                    <TableCell>{t('consent.column_kind')}</TableCell>
                    <TableCell>{t('consent.column_purpose')}</TableCell>
                    <TableCell>{t('consent.column_duration')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {items.map((item) => (
                    <TableRow key={item.id}>
                      <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                        {item.name}
                      </TableCell>
                      <TableCell>{t(`consent.kinds.${item.kind}`)}</TableCell>
                      <TableCell>{t(`consent.items.${item.id}.purpose`)}</TableCell>
                      <TableCell>{t(`consent.items.${item.id}.duration`)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </AccordionDetails>
          </Accordion>
        )}
      </CardContent>
    </Card>
  );
}
