import { describe, expect, it } from 'vitest';
import { findLocale } from '#shared/locales';
import { createTranslator } from '../locale-files';
import { signInMessage } from './sign-in-mailer';

const t = createTranslator();
const link = (code: string) => ({
  to: 'ann@example.test',
  url: 'https://sift.example/api/auth/callback/email?token=a&b=<c>',
  expires: new Date('2026-11-21T10:30:00Z'),
  locale: findLocale(code)!,
});

describe('signInMessage', () => {
  it('writes the sign-in email in the person’s language, with the expiry as they read dates', () => {
    const english = signInMessage(t, 'Sift', link('en'));
    expect(english.subject).toBe('Sign in to Sift');
    expect(english.text).toContain('It works once, until November 21, 2026');

    const french = signInMessage(t, 'Sift', link('fr'));
    expect(french.subject).toBe('Connexion à Sift');
    expect(french.text).toContain('Connectez-vous à Sift avec ce lien :');
    expect(french.text).toContain('21 novembre 2026');
  });

  it('sets Arabic right to left and escapes the link in HTML', () => {
    const arabic = signInMessage(t, 'Sift', link('ar'));
    expect(arabic.subject).toBe('تسجيل الدخول إلى Sift');
    expect(arabic.html).toMatch(/^<div dir="rtl" lang="ar">/);
    expect(arabic.html).toContain(
      'href="https://sift.example/api/auth/callback/email?token=a&#38;b=&#60;c&#62;"',
    );
    expect(arabic.html).toContain('>تسجيل الدخول</a>');
  });
});
