// /modules/storage/snapshot: local items, the server backup and sync.
import { authStore } from '../../features/auth/auth-store';
import { SnapshotPage } from '../../features/storage/snapshot-page';

const sessionOn = () => authStore.getState().status === 'authenticated';

export function Component() {
  return <SnapshotPage sessionOn={sessionOn} />;
}
