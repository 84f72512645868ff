// /modules/auth/checkrole: what the current session may do.
import { ModulePage } from '#client/components/module-page';
import { RoleCheckPanel } from '#client/features/auth/role-check-panel';

export function Component() {
  return (
    <>
      <ModulePage page="auth_check_role" />
      <RoleCheckPanel />
    </>
  );
}
