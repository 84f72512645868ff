// /CookieConsent/settings: change cookie consent.
import { CookieSettingsPage } from '../../features/cookie-consent/cookie-settings-page';

export function Component() {
  return <CookieSettingsPage />;
}
