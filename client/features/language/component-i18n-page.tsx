// /vuetifyi18n: the component library's own texts follow the interface language, and the date
// picker's first day of the week follows the region (chosen here, or taken from the browser).
import {
  Alert,
  Autocomplete,
  Box,
  MenuItem,
  Pagination,
  Rating,
  Stack,
  TablePagination,
  TextField,
  Typography,
} from '@mui/material';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#client/components/page-header';
import { DateLocalizationProvider } from '#client/i18n/date-localization-provider';
import { firstDayOfWeek, formattingTag } from '#client/i18n/region';
import { useActiveLocale } from '#client/i18n/use-active-locale';
import { useUserRegion } from '#client/i18n/use-user-region';
import { useInitialNow, useShownTimeZone } from '#client/lib/first-render';
import { DemoSection } from './demo-section';

/** Regions whose weeks start on different days: Sunday, Monday or Saturday. */
const demoRegions = ['US', 'CA', 'MX', 'GB', 'FR', 'ES', 'EG', 'SA', 'AE', 'MA'];
dayjs.extend(utc);

/** 4 January 2026 was a Sunday: adding n days gives weekday n as dayjs counts. */
const aSunday = new Date(Date.UTC(2026, 0, 4, 12));

const FROM_BROWSER = 'browser';

const countryCodes = ['AR', 'BR', 'CA', 'DE', 'EG', 'ES', 'FR', 'GB', 'JP', 'MA', 'MX', 'SA', 'US'];

export function ComponentI18nPage() {
  const { t } = useTranslation();
  const initialNow = useInitialNow();
  // The pickers' "today" and value in UTC while the page is drawn and hydrated (first-render.tsx).
  const timeZone = useShownTimeZone() ?? 'system';
  const locale = useActiveLocale();
  const browserRegion = useUserRegion();
  const [regionChoice, setRegionChoice] = useState(FROM_BROWSER);
  const region = regionChoice === FROM_BROWSER ? browserRegion : regionChoice;
  const tag = formattingTag(locale, region);
  const regionNames = new Intl.DisplayNames(locale.code, { type: 'region' });
  const weekStart = firstDayOfWeek(tag);
  const weekStartName =
    weekStart === undefined
      ? undefined
      : new Intl.DateTimeFormat(locale.code, { weekday: 'long', timeZone: 'UTC' }).format(
          new Date(aSunday.getTime() + weekStart * 86_400_000),
        );
  const [date, setDate] = useState<Dayjs | null>(() => dayjs(initialNow()));
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(10);
  const [alertShown, setAlertShown] = useState(true);
  const countries = countryCodes.map((code) => regionNames.of(code) ?? code);

  return (
    <>
      <PageHeader title={t('pages.component_i18n.title')} description={t('i18n.components.intro')} />
      <Stack spacing={3}>
        <DemoSection
          id="component-pickers"
          title={t('i18n.components.pickers_title')}
          description={t('i18n.components.pickers_intro')}
        >
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
            <TextField
              select
              label={t('i18n.components.region')}
              value={regionChoice}
              onChange={(event) => setRegionChoice(event.target.value)}
              sx={{ minWidth: { xs: '100%', sm: 320 } }}
            >
              <MenuItem value={FROM_BROWSER}>
                {t('i18n.components.region_browser', { region: regionNames.of(browserRegion) })}
              </MenuItem>
              {demoRegions.map((code) => (
                <MenuItem key={code} value={code}>
                  {regionNames.of(code)}
                </MenuItem>
              ))}
            </TextField>
            {weekStartName && (
              <Typography data-testid="week-start">
                {t('i18n.components.week_starts', { day: weekStartName })}
              </Typography>
            )}
          </Box>
          <DateLocalizationProvider region={region}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'flex-start' }}>
              <Box
                sx={{ border: 1, borderColor: 'divider', borderRadius: 3 }}
                role="group"
                aria-label={t('i18n.components.calendar')}
              >
                <DateCalendar timezone={timeZone} value={date} onChange={setDate} />
              </Box>
              <Stack spacing={2.5} sx={{ minWidth: 260, pt: 1 }}>
                <DatePicker
                  timezone={timeZone}
                  label={t('i18n.components.date')}
                  value={date}
                  onChange={setDate}
                />
                <TimePicker
                  timezone={timeZone}
                  label={t('i18n.components.time')}
                  value={date}
                  onChange={setDate}
                />
              </Stack>
            </Box>
          </DateLocalizationProvider>
        </DemoSection>

        <DemoSection
          id="component-texts"
          title={t('i18n.components.texts_title')}
          description={t('i18n.components.texts_intro')}
        >
          <TablePagination
            component="div"
            count={100}
            page={page}
            onPageChange={(_, next) => setPage(next)}
            rowsPerPage={rowsPerPage}
            onRowsPerPageChange={(event) => {
              setRowsPerPage(Number(event.target.value));
              setPage(0);
            }}
            showFirstButton
            showLastButton
          />
          <Pagination count={10} page={page + 1} onChange={(_, next) => setPage(next - 1)} color="primary" />
          <Autocomplete
            options={countries}
            renderInput={(params) => <TextField {...params} label={t('i18n.components.country')} />}
            sx={{ maxWidth: 360 }}
          />
          <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
            <Typography component="legend" variant="body2" color="text.secondary">
              {t('i18n.components.rating')}
            </Typography>
            <Rating name="component-i18n-rating" defaultValue={4} />
          </Box>
          {alertShown && (
            <Alert severity="info" onClose={() => setAlertShown(false)}>
              {t('i18n.components.alert')}
            </Alert>
          )}
        </DemoSection>
      </Stack>
    </>
  );
}
