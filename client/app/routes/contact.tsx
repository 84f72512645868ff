// /contact: how to reach the operators of this Sift.
import { ContactPage } from '#client/features/contact/contact-page';

export function Component() {
  return <ContactPage />;
}
