// /modules/storage/snapshot: local items, the server backup and sync.
import { sessionHolds } from '../../features/auth/use-auth';
import { SnapshotPage } from '../../features/storage/snapshot-page';

export function Component() {
  return <SnapshotPage sessionOn={sessionHolds} />;
}
