// Dates on the auth pages, in the interface language.
export function formatDateTime(value: Date | string, language: string | undefined): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' }).format(
    new Date(value),
  );
}
