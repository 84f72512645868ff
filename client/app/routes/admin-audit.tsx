// /admin/audit: the audit log of every admin action, newest first.
import { AuditPage } from '#client/features/admin/audit-page';

export function Component() {
  return <AuditPage />;
}
