// /CookieConsent/settings: change cookie consent.
import { CookieSettingsPage } from '#client/features/cookie-consent/cookie-settings-page';

export function Component() {
  return <CookieSettingsPage />;
}
