// /modules/auth/protected: a page only for signed-in users.
import { ModulePage } from '../../components/module-page';
import { ProtectedPanel } from '../../features/auth/protected-panel';

export function Component() {
  return (
    <>
      <ModulePage page="auth_protected" />
      <ProtectedPanel />
    </>
  );
}
