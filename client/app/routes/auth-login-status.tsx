// /modules/auth/loginStatus: the auth state, live.
import { ModulePage } from '#client/components/module-page';
import { LoginStatusPanel } from '#client/features/auth/login-status-panel';

export function Component() {
  return (
    <>
      <ModulePage page="auth_login_status" />
      <LoginStatusPanel />
    </>
  );
}
