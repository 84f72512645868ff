// /modules/auth/protected: a page only for signed-in users.
import { ModulePage } from '#client/components/module-page';
import { ProtectedPanel } from '#client/features/auth/protected-panel';

export function Component() {
  return (
    <>
      <ModulePage page="auth_protected" />
      <ProtectedPanel />
    </>
  );
}
