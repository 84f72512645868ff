// /admin/documents?source=&q=: a source's documents, found by key or title prefix.
import { DocumentsPage } from '#client/features/admin/documents-page';

export function Component() {
  return <DocumentsPage />;
}
