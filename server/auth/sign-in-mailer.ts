// Delivers email sign-in links: over SMTP when SMTP_URL is set, otherwise (never in production)
// into the server log so a developer can follow the link.
import { createTransport } from 'nodemailer';
import type { Env } from '../env';
import type { Logger } from '../logger';

export interface SignInLink {
  to: string;
  url: string;
  expires: Date;
}

export type SignInMailer = (link: SignInLink) => Promise<void>;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function signInMessage(platformName: string, { url, expires }: SignInLink) {
  const until = expires.toUTCString();
  return {
    subject: `Sign in to ${platformName}`,
    text: `Sign in to ${platformName} with this link:\n\n${url}\n\nIt works once, until ${until}. If you did not ask for it, ignore this email.\n`,
    html: `<p>Sign in to ${escapeHtml(platformName)} with this link:</p><p><a href="${escapeHtml(url)}">Sign in</a></p><p>It works once, until ${escapeHtml(until)}. If you did not ask for it, ignore this email.</p>`,
  };
}

/** null when email sign-in is off (production without SMTP_URL). */
export function createSignInMailer(env: Env, platformName: string, logger: Logger): SignInMailer | null {
  if (env.SMTP_URL) {
    const transport = createTransport(env.SMTP_URL);
    return async (link) => {
      const info = await transport.sendMail({
        to: link.to,
        from: env.AUTH_EMAIL_FROM,
        ...signInMessage(platformName, link),
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
