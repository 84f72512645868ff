// What the client's GraphQL layer exchanges: documents (typed by codegen), results and errors.
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';

/** A generated document (TypedDocumentString): its text, with result and variable types attached. */
export type GraphqlDocument<TResult = unknown, TVariables = Record<string, unknown>> = DocumentTypeDecoration<
  TResult,
  TVariables
> & { toString(): string };

export interface GraphqlErrorEntry {
  message: string;
  path?: (string | number)[];
  extensions?: { code?: string; [key: string]: unknown };
}

export interface GraphqlResult<TResult = unknown> {
  data?: TResult | null;
  errors?: GraphqlErrorEntry[];
}

/** A request that reached no GraphQL answer (network, HTTP) or whose answer holds errors. */
export class GraphqlRequestError extends Error {
  override name = 'GraphqlRequestError';
  constructor(
    message: string,
    readonly errors: GraphqlErrorEntry[] = [],
    /** The HTTP status, when there was a response. */
    readonly status?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }

  /** The first error's extensions.code, e.g. UNAUTHENTICATED. */
  get code(): string | undefined {
    return this.errors.find((e) => e.extensions?.code)?.extensions?.code;
  }
}

/** Spec §8: a query made without a query, or without a client, is a programming error. */
export class GraphqlUsageError extends Error {
  override name = 'GraphqlUsageError';
}

export type SubscriptionState =
  | { state: 'connecting' }
  | { state: 'open' }
  | { state: 'retrying'; retry: number; delayMs: number }
  | { state: 'closed' };

/** What a subscription sends: the operation's text and its variables. */
export interface SubscriptionPayload {
  query: string;
  variables?: Record<string, unknown>;
}

export interface SubscriptionSink<TResult> {
  next(result: GraphqlResult<TResult>): void;
  error(error: unknown): void;
  complete(): void;
  /** Connection changes, for pages that show them. */
  state?(state: SubscriptionState): void;
}

/** Starts a subscription; the function it returns stops it. */
export type Subscribe = <TResult>(
  payload: SubscriptionPayload,
  sink: SubscriptionSink<TResult>,
) => () => void;

export function operationName(query: string): string | undefined {
  return /\b(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(query)?.[1];
}
