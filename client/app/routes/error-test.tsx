// /errorTest: buttons that raise each kind of error.
import { ErrorTestPage } from '../../features/error-test/error-test-page';

export function Component() {
  return <ErrorTestPage />;
}
