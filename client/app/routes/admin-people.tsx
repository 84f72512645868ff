// /admin/people: every account, its role, state and sessions; the signed-in admin's own account is
// marked, as they may not demote or disable it.
import { PeoplePage } from '#client/features/admin/people-page';
import { useAuth } from '#client/features/auth/use-auth';

export function Component() {
  return <PeoplePage me={useAuth((s) => s.data?.user.id)} />;
}
