// /modules/storage/expiry: stored items with a time to live.
import { ExpiryPage } from '#client/features/storage/expiry-page';

export function Component() {
  return <ExpiryPage />;
}
