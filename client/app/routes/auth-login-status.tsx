// /modules/auth/loginStatus: the auth state, live.
import { ModulePage } from '../../components/module-page';
import { LoginStatusPanel } from '../../features/auth/login-status-panel';

export function Component() {
  return (
    <>
      <ModulePage page="auth_login_status" />
      <LoginStatusPanel />
    </>
  );
}
