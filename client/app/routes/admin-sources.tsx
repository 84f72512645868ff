// /admin: each source's documents, index and builds.
import { SourcesPage } from '#client/features/admin/sources-page';

export function Component() {
  return <SourcesPage />;
}
