// The HTTP server around the app, with limits against slow clients: a client that trickles its
// headers (slowloris) or its body is answered 408 and its connection closed, instead of holding a
// socket for Node's defaults (60 s for headers, 5 min for a request). A file upload may take as long
// as it needs, as long as its bytes keep coming.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Http2Bindings, type HttpBindings, serve } from '@hono/node-server';

export interface HttpLimits {
  /** Until the request's headers have all arrived. */
  headersTimeoutMs: number;
  /** Until the whole request, body included, has arrived (a response may stream for longer: SSE). */
  requestTimeoutMs: number;
  /** For an upload (see `isUpload`): until more of its body arrives. */
  uploadIdleMs: number;
  /** How often the limits are checked; a slow client is cut at most this much later. */
  checkIntervalMs: number;
}

export const HTTP_LIMITS: HttpLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  uploadIdleMs: 30_000,
  checkIntervalMs: 1000,
};

type Fetch = (request: Request, env: HttpBindings) => Response | Promise<Response>;

/** Answers 408 (when nothing was answered yet) and closes the connection. */
function timeOut(incoming: IncomingMessage, outgoing: ServerResponse) {
  const { socket } = incoming;
  if (outgoing.headersSent) {
    socket.destroy();
    return;
  }
  socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
}

/**
 * Watches a request's body until it has all arrived: within `requestTimeoutMs`, or for an upload
 * (`isUpload`, asked only then) without a pause longer than `uploadIdleMs` (progress read from the
 * socket's byte count, which leaves the body to the app).
 */
function watchBody(
  request: Request,
  { incoming, outgoing }: HttpBindings,
  isUpload: (request: Request) => boolean,
  limits: HttpLimits,
) {
  const { socket } = incoming;
  if (incoming.complete || socket.destroyed) return;
  const upload = isUpload(request);
  let bytes = socket.bytesRead;
  let since = Date.now();
  // A keep-alive socket carries many requests: each watch removes its own close listener.
  const stop = () => {
    clearInterval(check);
    socket.off('close', stop);
    incoming.off('end', stop);
  };
  const check = setInterval(() => {
    if (incoming.complete || socket.destroyed) return stop();
    const now = Date.now();
    if (upload && socket.bytesRead !== bytes) {
      bytes = socket.bytesRead;
      since = now;
    }
    if (now - since > (upload ? limits.uploadIdleMs : limits.requestTimeoutMs)) {
      stop();
      timeOut(incoming, outgoing);
    }
  }, limits.checkIntervalMs);
  check.unref();
  socket.once('close', stop);
  incoming.once('end', stop);
}

export function listenHttp(
  fetch: Fetch,
  address: { port: number; hostname: string },
  onListening: (info: AddressInfo) => void,
  {
    limits = HTTP_LIMITS,
    isUpload = () => false,
  }: { limits?: HttpLimits; isUpload?: (request: Request) => boolean } = {},
): Server {
  return serve(
    {
      fetch: (request: Request, env: HttpBindings | Http2Bindings) => {
        // HTTP/1.1 only: the server is created with node:http.
        const bindings = env as HttpBindings;
        // Node parses a body that came with the headers only after this request's first microtasks,
        // so the check waits a turn: most requests have then arrived whole and need no timer.
        setImmediate(watchBody, request, bindings, isUpload, limits);
        return fetch(request, bindings);
      },
      ...address,
      serverOptions: {
        headersTimeout: limits.headersTimeoutMs,
        // Bodies are watched above, per request; Node's own limit cannot tell an upload apart.
        requestTimeout: 0,
        connectionsCheckingInterval: limits.checkIntervalMs,
      },
    },
    onListening,
  ) as Server;
}
