// GET /_i18n/{locale}/messages.json: translation messages. Messages read once at start-up are
// cacheable for 24 hours; in development they are read on every request and sent as no-cache, so
// an edited locales/*.json shows up on the next reload.
import { Hono } from 'hono';
import { findLocale, localeCodes } from '../../shared/locales';
import { apiError } from '../http-error';
import { readLocaleFile } from '../locale-files';

const ONE_DAY_SECONDS = 86_400;

export interface LocaleMessages {
  /** The JSON text of one locale's messages, or undefined when there is none. */
  read(code: string): string | undefined;
  /** Whether browsers may keep the messages for a day. */
  cacheable: boolean;
}

/** Every locale read once: what production serves. */
export function loadLocaleMessages(): LocaleMessages {
  const messages = new Map(localeCodes.map((code) => [code, readLocaleFile(code)]));
  return { read: (code) => messages.get(code), cacheable: true };
}

/** Each request reads the file again: for development, where the files change under us. */
export function liveLocaleMessages(): LocaleMessages {
  return { read: (code) => (findLocale(code) ? readLocaleFile(code) : undefined), cacheable: false };
}

export function i18nMessagesRoutes(messages: LocaleMessages) {
  return new Hono().get('/_i18n/:locale/messages.json', (c) => {
    const locale = c.req.param('locale');
    const body = findLocale(locale) ? messages.read(locale) : undefined;
    if (body === undefined) {
      return apiError(c, 404, 'unknown_locale', `No messages for locale "${locale}"`);
    }
    c.header('Cache-Control', messages.cacheable ? `public, max-age=${ONE_DAY_SECONDS}` : 'no-cache');
    c.header('Content-Type', 'application/json; charset=utf-8');
    return c.body(body);
  });
}
