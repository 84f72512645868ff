// Checks of the sign-in form before it is sent, with the form messages of spec §5.
export type FieldErrors = Partial<Record<'email' | 'password', string>>;

/** Deliberately loose: one @ with something on both sides and a dot in the domain. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Translation keys of the problems; `password` is checked only when `withPassword`. */
export function validateSignInForm(email: string, password: string, withPassword: boolean): FieldErrors {
  const errors: FieldErrors = {};
  if (!email.trim()) errors.email = 'validation.required';
  else if (!EMAIL.test(email.trim())) errors.email = 'validation.email';
  if (withPassword && !password) errors.password = 'validation.required';
  return errors;
}
