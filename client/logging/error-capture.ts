// Sends errors nobody handled to the logger with their serialised stack (spec §8): React's root
// callbacks, the route error boundary, window errors and unhandled promise rejections. Each error
// object is reported once, however many of these see it; 404s are not errors worth logging.
import type { ErrorInfo, RootOptions } from 'react-dom/client';
import { clientLogLimits, type LogSeverity } from '#shared/client-log-limits';
import { appLogger } from './app-logger';
import { serializeError } from './serialize-error';

/** Where an error was caught; sent as the entry's group. */
export type ErrorSource =
  | 'react-uncaught'
  | 'react-caught'
  | 'react-recoverable'
  | 'route-error'
  | 'window-error'
  | 'unhandled-rejection'
  | 'app';

const reported = new WeakSet<object>();

const labels: Record<ErrorSource, string> = {
  'react-uncaught': 'Uncaught React error',
  'react-caught': 'React error caught by a boundary',
  'react-recoverable': 'React recovered from an error',
  'route-error': 'Route error',
  'window-error': 'Uncaught error',
  'unhandled-rejection': 'Unhandled promise rejection',
  app: 'Application error',
};

export function captureError(
  error: unknown,
  source: ErrorSource,
  options: {
    componentStack?: string | undefined;
    severity?: LogSeverity;
    context?: Record<string, string | number>;
  } = {},
): void {
  if (typeof error === 'object' && error !== null) {
    if (reported.has(error)) return;
    reported.add(error);
    if ((error as { statusCode?: unknown }).statusCode === 404) return;
  }
  const serialized = serializeError(error, options.componentStack);
  appLogger.log(
    options.severity ?? 'ERROR',
    {
      message: `${labels[source]}: ${serialized.message}`.slice(0, clientLogLimits.messageChars),
      error: serialized,
      url: window.location.href,
      ...(options.context && { context: options.context }),
    },
    { group: source },
  );
}

export function installGlobalErrorCapture(): void {
  window.addEventListener('error', (event) => {
    captureError(event.error ?? new Error(event.message || 'Script error'), 'window-error', {
      context: { source: event.filename, line: event.lineno, column: event.colno },
    });
  });
  window.addEventListener('unhandledrejection', (event) => captureError(event.reason, 'unhandled-rejection'));
}

const componentStack = (info: ErrorInfo) => ({ componentStack: info.componentStack ?? undefined });

/** Options for createRoot: React reports here instead of only to the console. */
export const reactRootErrorOptions: RootOptions = {
  onUncaughtError: (error, info) => captureError(error, 'react-uncaught', componentStack(info)),
  onCaughtError: (error, info) => captureError(error, 'react-caught', componentStack(info)),
  // Also on the console, as React's default does: a hydration mismatch is one (docs/rendering.md).
  onRecoverableError: (error, info) => {
    console.error('React recovered from an error', error);
    captureError(error, 'react-recoverable', { ...componentStack(info), severity: 'WARNING' });
  },
};
