// Checks the form with the server's own schema and words each problem with the spec's default form
// messages (§5, the shared `validation` messages), per field.
import type { TFunction } from 'i18next';
import type { z } from 'zod/mini';
import { type ContactMessageInput, ContactMessageSchema } from '#shared/contact-message';

export type ContactField = 'name' | 'email' | 'subject' | 'message';
export type FieldErrors = Partial<Record<ContactField, string>>;

function wordIssue(issue: z.core.$ZodIssue, value: string, t: TFunction): string {
  if (issue.code === 'too_small') {
    return value.trim() === ''
      ? t('validation.required')
      : t('validation.min_length', { count: Number(issue.minimum) });
  }
  if (issue.code === 'too_big') return t('validation.max_length', { count: Number(issue.maximum) });
  if (issue.code === 'invalid_format' && issue.format === 'email') return t('validation.email');
  return t('validation.invalid_format');
}

/** The first problem of each field, or an empty object when the message can be sent. */
export function validateContact(input: ContactMessageInput, t: TFunction): FieldErrors {
  const result = ContactMessageSchema.safeParse(input);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField;
    errors[field] ??= wordIssue(issue, input[field], t);
  }
  return errors;
}
