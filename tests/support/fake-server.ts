// A stand-in for the server at the fetch boundary of component tests: answers requests by
// method and path from a table of handlers, records every request, and answers 404 otherwise.
// Install it with `vi.stubGlobal('fetch', server.fetch)`.

export type FakeHandler = (request: Request) => Response | Promise<Response>;

export interface FakeRequest {
  method: string;
  /** Path and query string. */
  url: string;
  body: string;
}

export function fakeServer(handlers: Record<string, FakeHandler>) {
  const requests: FakeRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(
      new URL(String(input instanceof Request ? input.url : input), location.href),
      init,
    );
    const url = new URL(request.url);
    const body = request.method === 'GET' ? '' : await request.clone().text();
    requests.push({ method: request.method, url: `${url.pathname}${url.search}`, body });
    const handler = handlers[`${request.method} ${url.pathname}`];
    return handler ? handler(request) : new Response('not found', { status: 404 });
  };
  return {
    fetch: fetch as typeof globalThis.fetch,
    requests,
    /** The requests to `method path` so far. */
    to: (method: string, path: string) =>
      requests.filter((r) => r.method === method && r.url.split('?')[0] === path),
  };
}

export const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
