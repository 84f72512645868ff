// Loads a language's messages from the server (spec §7 `/_i18n/{locale}/messages.json`) for
// i18next. Network failures and 5xx answers ask i18next to retry (its maxRetries/retryTimeout);
// other answers fail at once, and i18next then falls back to English.
import type { BackendModule, ReadCallback } from 'i18next';
import { i18nPaths } from '#shared/locales';

/** A language's messages; the build id keeps a new release from reading a day-old cached copy. */
export const messagesUrl = (code: string) => `${i18nPaths.messages(code)}?v=${__BUILD_ID__}`;

async function fetchMessages(code: string): Promise<{ messages?: object; error?: Error; retry: boolean }> {
  let response: Response;
  try {
    response = await fetch(messagesUrl(code));
  } catch (error) {
    return { error: error as Error, retry: true };
  }
  if (!response.ok) {
    return { error: new Error(`HTTP ${response.status} for ${response.url}`), retry: response.status >= 500 };
  }
  try {
    return { messages: (await response.json()) as object, retry: false };
  } catch (error) {
    return { error: error as Error, retry: false };
  }
}

export const messagesBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, _namespace: string, callback: ReadCallback) {
    void fetchMessages(language).then(({ messages, error, retry }) =>
      // i18next reads a `true` in place of data as "retry".
      error ? callback(error, retry) : callback(null, messages as Parameters<ReadCallback>[1]),
    );
  },
};
