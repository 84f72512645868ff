// Turns anything thrown into the SerializedError the server accepts: name, message, stack, one
// level of cause, React's component stack, all cut to the shared size caps.
import type { SerializedError } from '#shared/client-log';
import { clientLogLimits } from '#shared/client-log-limits';

type ErrorDetails = Omit<SerializedError, 'cause'>;

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function details(value: unknown): ErrorDetails {
  if (value instanceof Error) {
    const statusCode = (value as { statusCode?: unknown }).statusCode;
    return {
      name: cut(value.name || 'Error', 200),
      message: cut(value.message, clientLogLimits.messageChars),
      ...(value.stack && { stack: cut(value.stack, clientLogLimits.stackChars) }),
      ...(typeof statusCode === 'number' && { statusCode }),
    };
  }
  // Something other than an Error was thrown or rejected: keep what it was, it has no stack.
  return { name: 'NonError', message: cut(textOf(value), clientLogLimits.messageChars) };
}

export function serializeError(error: unknown, componentStack?: string | null): SerializedError {
  const serialized: SerializedError = details(error);
  if (componentStack) serialized.componentStack = cut(componentStack, clientLogLimits.stackChars);
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause !== undefined && cause !== error) serialized.cause = details(cause);
  return serialized;
}
