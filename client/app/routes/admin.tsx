// /admin/*: the data owners' console frame (role admin; the route guard refuses anyone else).
import { AdminConsole } from '#client/features/admin/admin-console';

export function Component() {
  return <AdminConsole />;
}
