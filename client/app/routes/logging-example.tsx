// /modules/logging/example: write log entries and see what the server kept.
import { LoggingExamplePage } from '#client/features/logging-example/logging-example-page';

export function Component() {
  return <LoggingExamplePage />;
}
