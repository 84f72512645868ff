// /modules/auth/guest: a page only for signed-out visitors.
import { ModulePage } from '#client/components/module-page';
import { GuestPanel } from '#client/features/auth/guest-panel';

export function Component() {
  return (
    <>
      <ModulePage page="auth_guest" />
      <GuestPanel />
    </>
  );
}
