// The error shape the error page shows (spec §2): status, fatal/unhandled flags, data, cause.
import { isRouteErrorResponse } from 'react-router';

export interface AppErrorInit {
  message: string;
  statusCode?: number;
  statusMessage?: string;
  fatal?: boolean;
  unhandled?: boolean;
  data?: unknown;
  cause?: unknown;
}

export class AppError extends Error {
  readonly statusCode: number;
  readonly statusMessage: string | undefined;
  readonly fatal: boolean;
  readonly unhandled: boolean;
  readonly data: unknown;

  constructor(init: AppErrorInit) {
    super(init.message, { cause: init.cause });
    this.name = 'AppError';
    this.statusCode = init.statusCode ?? 500;
    this.statusMessage = init.statusMessage;
    this.fatal = init.fatal ?? false;
    this.unhandled = init.unhandled ?? false;
    this.data = init.data;
  }
}

export function notFoundError(path: string): AppError {
  return new AppError({
    statusCode: 404,
    statusMessage: `Page Not Found: ${path}`,
    message: `Page Not Found: ${path}`,
    data: { path },
  });
}

/** Normalises whatever a route threw into an AppError; anything not thrown on purpose is "unhandled". */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isRouteErrorResponse(error)) {
    return new AppError({
      statusCode: error.status,
      statusMessage: error.statusText,
      message: typeof error.data === 'string' ? error.data : error.statusText,
      data: error.data,
    });
  }
  if (error instanceof Error) {
    return new AppError({ message: error.message, unhandled: true, fatal: true, cause: error });
  }
  return new AppError({ message: String(error), unhandled: true, fatal: true, data: error });
}

const CHUNK_LOAD_FAILURE =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_FAILURE.test(error.message);
}

/**
 * What an error page says happened: the error's message, but for a chunk that failed to load, in
 * the visitor's language (the browser's words name a file; the details still show them).
 */
export function shownMessage(error: AppError, t: (key: 'chunk_load_failed') => string): string {
  return isChunkLoadError(error.cause) ? t('chunk_load_failed') : error.message;
}

const BOT_USER_AGENT =
  /bot|crawler|spider|crawling|slurp|facebookexternalhit|embedly|lighthouse|bingpreview/i;

export function isBot(userAgent: string): boolean {
  return BOT_USER_AGENT.test(userAgent);
}
