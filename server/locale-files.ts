// The app's messages (locales/*.json), for the /_i18n route and for the few texts the server
// itself writes to people (sign-in emails), with the same {{placeholders}} as i18next.
import { readFileSync } from 'node:fs';
import { defaultLocale, localeCodes } from '../shared/locales';
import { appFile } from './app-files';

export function readLocaleFile(code: string): string {
  return readFileSync(appFile(`locales/${code}.json`), 'utf8');
}

export type Translate = (locale: string, key: string, values?: Record<string, string>) => string;

function lookup(messages: unknown, key: string): string | undefined {
  const found = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], messages);
  return typeof found === 'string' ? found : undefined;
}

/** Reads every locale once; a key missing in a language falls back to English, then throws. */
export function createTranslator(): Translate {
  const messages = new Map(localeCodes.map((code) => [code, JSON.parse(readLocaleFile(code)) as unknown]));
  return (locale, key, values = {}) => {
    const text = lookup(messages.get(locale), key) ?? lookup(messages.get(defaultLocale), key);
    if (text === undefined) throw new Error(`No message "${key}" in locales/${defaultLocale}.json`);
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => values[name] ?? placeholder);
  };
}
