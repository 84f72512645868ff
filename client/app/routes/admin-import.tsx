// /admin/import: upload a file, read its dry run, apply or cancel; undo the last import.
import { ImportPage } from '#client/features/admin/import-page';

export function Component() {
  return <ImportPage />;
}
