// Number formats made once per language and options: making one costs 50–100 µs (it loads the
// language's data; the page's first one 50–170 ms, see prepareNumberFormats), formatting with one
// about 2 µs, and lists and progress bars format a value per row or per report.

const made = new Map<string, Intl.NumberFormat>();

export function numberFormat(language: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${language} ${JSON.stringify(options)}`;
  let format = made.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, options);
    made.set(key, format);
  }
  return format;
}

/**
 * Has a worker make the page's first number format. Whatever its language, the first one in a
 * Chromium renderer takes 50–170 ms, on a phone a long task of its own, and what it loads is kept for
 * the whole process: the page's first one, in a render, then takes under a millisecond. In a browser
 * that keeps it per thread the worker costs only its start, on its own thread; one that cannot load
 * changes nothing.
 */
export function prepareNumberFormats(): void {
  new Worker(new URL('../workers/number-format.worker.ts', import.meta.url), {
    type: 'module',
    name: 'sift-number-format',
  });
}
