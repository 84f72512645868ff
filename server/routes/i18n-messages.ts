// GET /_i18n/{locale}/messages.json: translation messages. Messages read once at start-up are
// cacheable for 24 hours; in development they are read on every request and sent as no-cache, so
// an edited locales/*.json shows up on the next reload.
import { Hono } from 'hono';
import { findLocale, localeCodes } from '#shared/locales';
import { apiError } from '../http-error';
import { readLocaleFile } from '../locale-files';
import { type Precompressed, precompress, sendPrecompressed } from '../precompressed';

const ONE_DAY_SECONDS = 86_400;

export interface LocaleMessages {
  /** One locale's messages, compressed, or undefined when there is none. */
  read(code: string): Precompressed | undefined;
  /** Whether browsers may keep the messages for a day. */
  cacheable: boolean;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Every locale read at start and compressed once, when first asked for: what production serves. */
export function loadLocaleMessages(): LocaleMessages {
  const texts = new Map(localeCodes.map((code) => [code, readLocaleFile(code)]));
  const compressed = new Map<string, Precompressed>();
  return {
    read(code) {
      const text = texts.get(code);
      if (text === undefined) return undefined;
      const body = compressed.get(code) ?? precompress(text, JSON_TYPE);
      compressed.set(code, body);
      return body;
    },
    cacheable: true,
  };
}

/** Each request reads the file again: for development, where the files change under us. */
export function liveLocaleMessages(): LocaleMessages {
  return {
    read: (code) => (findLocale(code) ? precompress(readLocaleFile(code), JSON_TYPE) : undefined),
    cacheable: false,
  };
}

export function i18nMessagesRoutes(messages: LocaleMessages) {
  return new Hono().get('/_i18n/:locale/messages.json', (c) => {
    const locale = c.req.param('locale');
    const body = findLocale(locale) ? messages.read(locale) : undefined;
    if (body === undefined) {
      return apiError(c, 404, 'unknown_locale', `No messages for locale "${locale}"`);
    }
    return sendPrecompressed(c, body, {
      'cache-control': messages.cacheable ? `public, max-age=${ONE_DAY_SECONDS}` : 'no-cache',
    });
  });
}
