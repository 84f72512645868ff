import { describe, expect, it } from 'vitest';
import { validateSignInForm } from './credentials-validation';

describe('sign-in form checks', () => {
  it('requires both fields for a password sign-in', () => {
    expect(validateSignInForm('', '', true)).toEqual({
      email: 'validation.required',
      password: 'validation.required',
    });
    expect(validateSignInForm('  ', 'x', true)).toEqual({ email: 'validation.required' });
  });

  it('wants something shaped like an email address', () => {
    for (const bad of ['ann', 'ann@', '@example.test', 'ann@example', 'a b@example.test']) {
      expect(validateSignInForm(bad, 'x', true)).toEqual({ email: 'validation.email' });
    }
    expect(validateSignInForm(' ann@example.test ', 'x', true)).toEqual({});
  });

  it('needs no password for the email link', () => {
    expect(validateSignInForm('ann@example.test', '', false)).toEqual({});
  });
});
