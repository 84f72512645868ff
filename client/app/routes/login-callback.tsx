// /loginCallbackUrl: where the email link and OAuth sign-in return.
import { LoginCallbackPanel } from '#client/features/auth/login-callback-panel';

export function Component() {
  return <LoginCallbackPanel />;
}
