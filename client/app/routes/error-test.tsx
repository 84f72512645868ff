// /errorTest: buttons that raise each kind of error.
import { ErrorTestPage } from '#client/features/error-test/error-test-page';

export function Component() {
  return <ErrorTestPage />;
}
