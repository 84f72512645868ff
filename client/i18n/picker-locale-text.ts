// The MUI X date and time pickers' texts, from our message files: MUI X ships no Arabic, and one
// source for all four languages keeps them consistent. Range-picker texts are left out (Pro only).
import type { PickersLocaleText } from '@mui/x-date-pickers/locales';
import type { TFunction } from 'i18next';

type PickerTexts = Omit<
  PickersLocaleText,
  | 'start'
  | 'end'
  | 'startDate'
  | 'startTime'
  | 'endDate'
  | 'endTime'
  | 'dateRangePickerToolbarTitle'
  | 'timeRangePickerToolbarTitle'
  | 'openRangePickerDialogue'
>;

export function pickerLocaleText(t: TFunction): PickerTexts {
  // View names as they read inside a sentence ("Select hours").
  const viewNames = {
    hours: t('i18n.pickers.hours_view'),
    minutes: t('i18n.pickers.minutes_view'),
    seconds: t('i18n.pickers.seconds_view'),
    meridiem: t('i18n.pickers.meridiem_view'),
  };
  return {
    previousMonth: t('i18n.pickers.previous_month'),
    nextMonth: t('i18n.pickers.next_month'),
    openPreviousView: t('i18n.pickers.open_previous_view'),
    openNextView: t('i18n.pickers.open_next_view'),
    calendarViewSwitchingButtonAriaLabel: (view) =>
      view === 'year' ? t('i18n.pickers.year_view_open') : t('i18n.pickers.calendar_view_open'),
    cancelButtonLabel: t('i18n.pickers.cancel'),
    clearButtonLabel: t('i18n.pickers.clear'),
    okButtonLabel: t('i18n.pickers.ok'),
    todayButtonLabel: t('i18n.pickers.today'),
    nextStepButtonLabel: t('i18n.pickers.next'),
    datePickerToolbarTitle: t('i18n.pickers.select_date'),
    dateTimePickerToolbarTitle: t('i18n.pickers.select_date_time'),
    timePickerToolbarTitle: t('i18n.pickers.select_time'),
    clockLabelText: (view, time) =>
      time
        ? t('i18n.pickers.clock_label_selected', { view: viewNames[view], time })
        : t('i18n.pickers.clock_label_empty', { view: viewNames[view] }),
    hoursClockNumberText: (hours) => t('i18n.pickers.hours_count', { count: Number(hours) }),
    minutesClockNumberText: (minutes) => t('i18n.pickers.minutes_count', { count: Number(minutes) }),
    secondsClockNumberText: (seconds) => t('i18n.pickers.seconds_count', { count: Number(seconds) }),
    selectViewText: (view) => t('i18n.pickers.select_view', { view: viewNames[view] }),
    calendarWeekNumberHeaderLabel: t('i18n.pickers.week_number'),
    calendarWeekNumberHeaderText: '#',
    calendarWeekNumberAriaLabelText: (week) => t('i18n.pickers.week', { week }),
    calendarWeekNumberText: (week) => String(week),
    openDatePickerDialogue: (date) =>
      date ? t('i18n.pickers.choose_date_selected', { date }) : t('i18n.pickers.choose_date'),
    openTimePickerDialogue: (time) =>
      time ? t('i18n.pickers.choose_time_selected', { time }) : t('i18n.pickers.choose_time'),
    fieldClearLabel: t('i18n.pickers.clear_value'),
    timeTableLabel: t('i18n.pickers.pick_time'),
    dateTableLabel: t('i18n.pickers.pick_date'),
    fieldYearPlaceholder: ({ digitAmount }) => t('i18n.pickers.year_letter').repeat(digitAmount),
    fieldMonthPlaceholder: ({ contentType }) =>
      contentType === 'letter'
        ? t('i18n.pickers.month_name_placeholder')
        : t('i18n.pickers.month_placeholder'),
    fieldDayPlaceholder: () => t('i18n.pickers.day_placeholder'),
    fieldWeekDayPlaceholder: ({ contentType }) =>
      contentType === 'letter'
        ? t('i18n.pickers.weekday_name_placeholder')
        : t('i18n.pickers.weekday_placeholder'),
    fieldHoursPlaceholder: () => t('i18n.pickers.hours_placeholder'),
    fieldMinutesPlaceholder: () => t('i18n.pickers.minutes_placeholder'),
    fieldSecondsPlaceholder: () => t('i18n.pickers.seconds_placeholder'),
    fieldMeridiemPlaceholder: () => t('i18n.pickers.meridiem_placeholder'),
    year: t('i18n.pickers.year'),
    month: t('i18n.pickers.month'),
    day: t('i18n.pickers.day'),
    weekDay: t('i18n.pickers.weekday'),
    hours: t('i18n.pickers.hours'),
    minutes: t('i18n.pickers.minutes'),
    seconds: t('i18n.pickers.seconds'),
    meridiem: t('i18n.pickers.meridiem'),
    empty: t('i18n.pickers.empty'),
  };
}
