// Delivers email sign-in links, in the language the person uses the app in: over SMTP when
// SMTP_URL is set, otherwise (never in production) into the server log so a developer can follow
// the link.
import { createTransport } from 'nodemailer';
import type { LocaleEntry } from '#shared/locales';
import type { Env } from '../env';
import { createTranslator, type Translate } from '../locale-files';
import type { Logger } from '../logger';

export interface SignInLink {
  to: string;
  url: string;
  expires: Date;
  locale: LocaleEntry;
}

export type SignInMailer = (link: SignInLink) => Promise<void>;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function signInMessage(t: Translate, platformName: string, { url, expires, locale }: SignInLink) {
  const until = new Intl.DateTimeFormat(locale.language, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(expires);
  const text = (key: string) => t(locale.code, key, { name: platformName, until });
  const intro = text('auth.sign_in_email.intro');
  const expiry = text('auth.sign_in_email.expiry');
  const action = text('auth.sign_in_email.action');
  return {
    subject: text('auth.sign_in_email.subject'),
    text: `${intro}\n\n${url}\n\n${expiry}\n`,
    html: `<div dir="${locale.dir}" lang="${locale.code}"><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p><p>${escapeHtml(expiry)}</p></div>`,
  };
}

/** null when email sign-in is off (production without SMTP_URL). */
export function createSignInMailer(env: Env, platformName: string, logger: Logger): SignInMailer | null {
  if (env.SMTP_URL) {
    const transport = createTransport(env.SMTP_URL);
    const t = createTranslator();
    return async (link) => {
      const info = await transport.sendMail({
        to: link.to,
        from: env.AUTH_EMAIL_FROM,
        ...signInMessage(t, platformName, link),
      });
      const failed = [...info.rejected, ...(info.pending ?? [])];
      if (failed.length > 0) throw new Error(`The mail server refused ${failed.length} recipient(s)`);
    };
  }
  if (env.NODE_ENV === 'production') return null;
  return async (link) => {
    logger.warn(
      { to: link.to, url: link.url },
      'SMTP_URL is not set: here is the sign-in link instead of an email',
    );
  };
}
