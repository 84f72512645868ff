// /modules/i18n/transform: one amount and one moment formatted as dates, numbers, currencies and
// relative times in each language, side by side, all by the browser's Intl APIs.
import {
  Box,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#client/components/page-header';
import { useActiveLocale } from '#client/i18n/use-active-locale';
import { useInitialNow, useShownTimeZone } from '#client/lib/first-render';
import { type LocaleEntry, locales } from '#shared/locales';
import { DemoSection } from './demo-section';

const currencies = ['EUR', 'USD', 'GBP', 'JPY', 'MXN', 'CAD', 'EGP', 'SAR'];

interface Sample {
  label: string;
  format: (tag: string) => string;
}

// The picker shows the moment in UTC while the page is drawn on the server and hydrated.
dayjs.extend(utc);

function samples(
  amount: number,
  currency: string,
  moment: Date,
  timeZone: string | undefined,
): { title: string; rows: Sample[] }[] {
  const date = (options: Intl.DateTimeFormatOptions) => (tag: string) =>
    new Intl.DateTimeFormat(tag, { ...options, timeZone }).format(moment);
  const number = (value: number, options: Intl.NumberFormatOptions) => (tag: string) =>
    new Intl.NumberFormat(tag, options).format(value);
  const relative = (value: number, unit: Intl.RelativeTimeFormatUnit) => (tag: string) =>
    new Intl.RelativeTimeFormat(tag, { numeric: 'auto' }).format(value, unit);
  return [
    {
      title: 'i18n.transform.dates_title',
      rows: [
        { label: 'i18n.transform.date_full', format: date({ dateStyle: 'full' }) },
        { label: 'i18n.transform.date_long', format: date({ dateStyle: 'long' }) },
        { label: 'i18n.transform.date_short', format: date({ dateStyle: 'short' }) },
        { label: 'i18n.transform.time', format: date({ timeStyle: 'short' }) },
        { label: 'i18n.transform.date_time', format: date({ dateStyle: 'medium', timeStyle: 'medium' }) },
      ],
    },
    {
      title: 'i18n.transform.numbers_title',
      rows: [
        { label: 'i18n.transform.decimal', format: number(amount, { maximumFractionDigits: 3 }) },
        { label: 'i18n.transform.compact', format: number(amount, { notation: 'compact' }) },
        {
          label: 'i18n.transform.percent',
          format: number(0.256, { style: 'percent', maximumFractionDigits: 1 }),
        },
        {
          label: 'i18n.transform.unit',
          format: number(88, { style: 'unit', unit: 'kilometer-per-hour', unitDisplay: 'long' }),
        },
      ],
    },
    {
      title: 'i18n.transform.currencies_title',
      rows: [
        { label: 'i18n.transform.currency', format: number(amount, { style: 'currency', currency }) },
        {
          label: 'i18n.transform.currency_name',
          format: number(amount, { style: 'currency', currency, currencyDisplay: 'name' }),
        },
        {
          label: 'i18n.transform.currency_refund',
          format: number(-amount, { style: 'currency', currency, currencySign: 'accounting' }),
        },
      ],
    },
    {
      title: 'i18n.transform.relative_title',
      rows: [
        { label: 'i18n.transform.relative_yesterday', format: relative(-1, 'day') },
        { label: 'i18n.transform.relative_hours', format: relative(3, 'hour') },
        { label: 'i18n.transform.relative_weeks', format: relative(-2, 'week') },
        { label: 'i18n.transform.relative_month', format: relative(1, 'month') },
      ],
    },
  ];
}

export function I18nTransformPage() {
  const { t } = useTranslation();
  const active = useActiveLocale();
  const [amountText, setAmountText] = useState('1234567.891');
  const amount = Number(amountText) || 0;
  const [currency, setCurrency] = useState('EUR');
  const [moment, setMoment] = useState(useInitialNow());
  const timeZone = useShownTimeZone();
  const currencyNames = new Intl.DisplayNames(active.code, { type: 'currency' });
  const columnLabel = (locale: LocaleEntry) =>
    locale.code === active.code ? t('i18n.transform.current_language', { name: locale.name }) : locale.name;

  return (
    <>
      <PageHeader
        title={t('pages.i18n_transform.title')}
        description={t('pages.i18n_transform.description')}
      />
      <Stack spacing={3}>
        <DemoSection id="i18n-values" title={t('i18n.transform.values_title')}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            <TextField
              type="number"
              label={t('i18n.transform.amount')}
              value={amountText}
              onChange={(event) => setAmountText(event.target.value)}
              sx={{ width: 200 }}
            />
            <TextField
              select
              label={t('i18n.transform.currency_label')}
              value={currency}
              onChange={(event) => setCurrency(event.target.value)}
              sx={{ width: 240 }}
            >
              {currencies.map((code) => (
                <MenuItem key={code} value={code}>
                  {`${code} · ${currencyNames.of(code)}`}
                </MenuItem>
              ))}
            </TextField>
            <DateTimePicker
              timezone={timeZone ?? 'system'}
              label={t('i18n.transform.moment')}
              value={dayjs(moment)}
              onChange={(next) => next?.isValid() && setMoment(next.toDate())}
            />
          </Box>
        </DemoSection>

        {/* Scrolls sideways on a phone: focusable, so the keyboard scrolls it too. */}
        <Box
          role="region"
          aria-label={t('i18n.transform.table_label')}
          tabIndex={0}
          sx={{ overflowX: 'auto' }}
        >
          <Table size="small" aria-label={t('i18n.transform.table_label')} sx={{ minWidth: 880 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('i18n.transform.format')}</TableCell>
                {locales.map((locale) => (
                  <TableCell
                    key={locale.code}
                    lang={locale.code}
                    sx={{ fontWeight: locale.code === active.code ? 700 : 500 }}
                  >
                    {columnLabel(locale)}
                    <Typography
                      variant="caption"
                      component="span"
                      sx={{ display: 'block' }}
                      color="text.secondary"
                    >
                      <bdi>{locale.language}</bdi>
                    </Typography>
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {samples(amount, currency, moment, timeZone).map((group) => (
                <Fragment key={group.title}>
                  <TableRow>
                    <TableCell component="th" scope="colgroup" colSpan={locales.length + 1} sx={{ pt: 3 }}>
                      <Typography variant="subtitle1" component="span" sx={{ fontWeight: 600 }}>
                        {t(group.title)}
                      </Typography>
                    </TableCell>
                  </TableRow>
                  {group.rows.map((row) => (
                    <TableRow key={row.label}>
                      <TableCell component="th" scope="row" sx={{ color: 'text.secondary' }}>
                        {t(row.label)}
                      </TableCell>
                      {locales.map((locale) => (
                        <TableCell key={locale.code} lang={locale.code} dir={locale.dir}>
                          {row.format(locale.language)}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </Fragment>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Stack>
    </>
  );
}
