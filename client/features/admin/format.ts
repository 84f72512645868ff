// Numbers, sizes, durations and instants on the console, in the interface language.
import { numberFormat } from '#client/lib/number-format';

export const formatNumber = (value: number, language: string) => numberFormat(language).format(value);

export function formatBytes(bytes: number, language: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return numberFormat(language, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

export function formatDuration(ms: number, language: string): string {
  const seconds = ms / 1000;
  return seconds < 60
    ? numberFormat(language, { style: 'unit', unit: 'second', maximumFractionDigits: 1 }).format(seconds)
    : numberFormat(language, { style: 'unit', unit: 'minute', maximumFractionDigits: 1 }).format(
        seconds / 60,
      );
}

export const formatInstant = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));

/** A crc32c as the 8 hex digits people compare. */
export const formatChecksum = (crc32c: number) => (crc32c >>> 0).toString(16).padStart(8, '0');
