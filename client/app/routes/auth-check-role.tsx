// /modules/auth/checkrole: what the current session may do.
import { ModulePage } from '../../components/module-page';
import { RoleCheckPanel } from '../../features/auth/role-check-panel';

export function Component() {
  return (
    <>
      <ModulePage page="auth_check_role" />
      <RoleCheckPanel />
    </>
  );
}
