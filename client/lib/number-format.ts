// Number formats made once per language and options: making one costs 50–100 µs (it loads the
// language's data; the page's first one 50–100 ms, see main.tsx), formatting with one about 2 µs,
// and lists and progress bars format a value per row or per report.

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
