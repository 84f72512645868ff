// /modules/storage/snapshot: local items, the server backup and sync.
import { sessionHolds } from '#client/features/auth/use-auth';
import { SnapshotPage } from '#client/features/storage/snapshot-page';

export function Component() {
  return <SnapshotPage sessionOn={sessionHolds} />;
}
