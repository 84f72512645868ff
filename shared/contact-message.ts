// The /contact form's message, validated the same way in the browser and by POST /api/contact.
import { z } from 'zod';
import { localeCodes } from './locales';

export const contactLimits = {
  name: 100,
  email: 254,
  subject: 150,
  messageMin: 10,
  message: 5000,
  requestBytes: 16 * 1024,
} as const;

export const ContactMessageSchema = z.strictObject({
  name: z.string().trim().min(1).max(contactLimits.name),
  email: z.string().trim().min(1).max(contactLimits.email).pipe(z.email()),
  subject: z.string().trim().min(1).max(contactLimits.subject),
  message: z.string().trim().min(contactLimits.messageMin).max(contactLimits.message),
  locale: z.enum(localeCodes as [string, ...string[]]).optional(),
});
export type ContactMessageInput = z.input<typeof ContactMessageSchema>;

/** What the server answers once the message is stored. */
export interface ContactReceipt {
  id: string;
  receivedAt: string;
}
