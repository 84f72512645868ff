// The HTTP server around the app, with Node's limits set against slow clients: a client that
// trickles its headers (slowloris) or its body is answered 408 and its connection closed, instead
// of holding a socket for Node's defaults (60 s for headers, 5 min for a request).
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

export interface HttpLimits {
  /** Until the request's headers have all arrived. */
  headersTimeoutMs: number;
  /** Until the whole request, body included, has arrived (a response may stream for longer: SSE). */
  requestTimeoutMs: number;
  /** How often Node checks the two above; a slow client is cut at most this much later. */
  checkIntervalMs: number;
}

export const HTTP_LIMITS: HttpLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  checkIntervalMs: 1000,
};

export function listenHttp(
  fetch: (request: Request) => Response | Promise<Response>,
  address: { port: number; hostname: string },
  onListening: (info: AddressInfo) => void,
  limits: HttpLimits = HTTP_LIMITS,
): Server {
  return serve(
    {
      fetch,
      ...address,
      serverOptions: {
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: limits.requestTimeoutMs,
        connectionsCheckingInterval: limits.checkIntervalMs,
      },
    },
    onListening,
  ) as Server;
}
