// The /contact form's message, validated the same way in the browser and by POST /api/contact.
import { z } from 'zod/mini';
import { localeCodes } from './locales';

export const contactLimits = {
  name: 100,
  email: 254,
  subject: 150,
  messageMin: 10,
  message: 5000,
  requestBytes: 16 * 1024,
} as const;

/** Text without its surrounding spaces, then from `min` to `max` characters long. */
const trimmed = (min: number, max: number) => z.string().check(z.trim(), z.minLength(min), z.maxLength(max));

export const ContactMessageSchema = z.strictObject({
  name: trimmed(1, contactLimits.name),
  email: z.pipe(trimmed(1, contactLimits.email), z.email()),
  subject: trimmed(1, contactLimits.subject),
  message: trimmed(contactLimits.messageMin, contactLimits.message),
  locale: z.optional(z.enum(localeCodes as [string, ...string[]])),
});
export type ContactMessageInput = z.input<typeof ContactMessageSchema>;

/** What the server answers once the message is stored. */
export interface ContactReceipt {
  id: string;
  receivedAt: string;
}
