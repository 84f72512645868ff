// /modules/storage/snapshot: local items, the server backup and sync.
import { SnapshotPage } from '../../features/storage/snapshot-page';

export function Component() {
  return <SnapshotPage />;
}
