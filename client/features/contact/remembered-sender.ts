// The sender's name and email, remembered on this device only when the visitor allowed the
// "preferences" category (key sift:contact-sender in the storage catalogue).
import { z } from 'zod/mini';
import { optionalStorage } from '#client/consent/optional-storage';

const KEY = 'sift:contact-sender';
const SenderSchema = z.object({ name: z.string(), email: z.string() });
export type Sender = z.infer<typeof SenderSchema>;

const storage = optionalStorage('preferences');

export function readRememberedSender(): Sender | null {
  try {
    const parsed = SenderSchema.safeParse(JSON.parse(storage.read(KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function rememberSender(sender: Sender): void {
  storage.write(KEY, JSON.stringify(sender));
}

export function forgetSender(): void {
  storage.remove(KEY);
}
