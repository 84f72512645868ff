// /admin/lookups: the labels of coded values, edited per interface language.
import { LookupsPage } from '#client/features/admin/lookups-page';

export function Component() {
  return <LookupsPage />;
}
