// An admin's invitation is Auth.js's own email sign-in, run inside the server for the invited
// address (a CSRF token, then signin/email), so the link is the one the login page would send and
// works once, for as long. Unlike the login page's, its delivery is awaited: the login page answers
// before delivering so that its answer cannot tell known addresses from unknown ones, while the
// admin must learn whether the mail server took the link.
import { Auth, type AuthConfig } from '@auth/core';
import { apiPaths } from '#shared/api-paths';
import { LOCALE_COOKIE, type LocaleEntry } from '#shared/locales';
import type { Env } from '../env';
import type { SignInMailer } from './sign-in-mailer';

/** Longer than a mail server takes to accept a message, short enough for an admin to wait. */
const DELIVERY_TIMEOUT_MS = 30_000;

/** `logged`: no mail server is set (never in production), so the link went to the server log. */
export type Invite = (email: string, locale: LocaleEntry) => Promise<'sent' | 'logged'>;

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** The mailer, with each delivery announced to whoever waits for that address. */
export function watchDeliveries(mailer: SignInMailer) {
  const waiting = new Map<string, Set<Waiter>>();
  const watched: SignInMailer = async (link) => {
    const waiters = waiting.get(link.to.toLowerCase()) ?? new Set();
    waiting.delete(link.to.toLowerCase());
    try {
      await mailer(link);
    } catch (error) {
      for (const waiter of waiters) waiter.reject(error);
      throw error;
    }
    for (const waiter of waiters) waiter.resolve();
  };
  /** Waits for the next delivery to `to`; `cancel` when none will come. */
  function nextDelivery(to: string) {
    const key = to.toLowerCase();
    let waiter!: Waiter;
    const delivered = new Promise<void>((resolve, reject) => {
      waiter = { resolve, reject };
    });
    // A refusal may come while the sign-in request is still answered, before anyone awaits it.
    delivered.catch(() => {});
    const set = waiting.get(key) ?? new Set();
    set.add(waiter);
    waiting.set(key, set);
    const forget = () => {
      set.delete(waiter);
      if (set.size === 0 && waiting.get(key) === set) waiting.delete(key);
    };
    return { delivered, cancel: forget };
  }
  return { mailer: watched, nextDelivery };
}

export function createInvite(
  config: AuthConfig,
  env: Env,
  deliveries: ReturnType<typeof watchDeliveries>,
): Invite {
  const authUrl = (action: string) => new URL(`${apiPaths.auth}/${action}`, env.PUBLIC_URL);

  return async (email, locale) => {
    const csrf = await Auth(new Request(authUrl('csrf')), config);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const cookies = csrf.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
    const { delivered, cancel } = deliveries.nextDelivery(email);
    let timer: NodeJS.Timeout | undefined;
    try {
      const response = await Auth(
        new Request(authUrl('signin/email'), {
          method: 'POST',
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded',
            'X-Auth-Return-Redirect': '1',
            // The email is written in this language, as for a visitor whose app speaks it.
            Cookie: [...cookies, `${LOCALE_COOKIE}=${locale.code}`].join('; '),
          },
          body: new URLSearchParams({
            email,
            csrfToken,
            callbackUrl: new URL('/', env.PUBLIC_URL).toString(),
          }),
        }),
        config,
      );
      const { url } = (await response.json()) as { url: string };
      const refusal = new URL(url).searchParams.get('error');
      if (refusal) throw new Error(`Auth.js did not send the link (${refusal})`);
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error('The mail server did not take the message within 30 seconds')),
          DELIVERY_TIMEOUT_MS,
        );
      });
      await Promise.race([delivered, timeout]);
      return env.SMTP_URL ? 'sent' : 'logged';
    } finally {
      clearTimeout(timer);
      cancel();
    }
  };
}
