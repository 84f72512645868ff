// /contact: how to reach the operators of this Sift.
import { ContactPage } from '../../features/contact/contact-page';

export function Component() {
  return <ContactPage />;
}
