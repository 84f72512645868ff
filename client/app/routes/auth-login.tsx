// /modules/auth/login: sign in (default layout; signed-in users are sent to /).
import { LoginPanel } from '#client/features/auth/login-panel';

export function Component() {
  return <LoginPanel />;
}
