// /modules/storage/checksum: stored values and their crc32c.
import { ChecksumPage } from '#client/features/storage/checksum-page';

export function Component() {
  return <ChecksumPage />;
}
