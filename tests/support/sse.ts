// Reads a GraphQL subscription over server-sent events (Yoga's distinct-connections mode) from a
// Response, one payload at a time, with the client's own event-stream parser.
import { createSseParser } from '#client/graphql/sse-parser';

export interface SseSubscription {
  // biome-ignore lint/suspicious/noExplicitAny: tests read payloads of any shape
  next(timeoutMs?: number): Promise<any>;
  close(): Promise<void>;
}

export function readSse(response: Response): SseSubscription {
  if (!response.body) throw new Error(`no event stream (HTTP ${response.status})`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const payloads: unknown[] = [];
  // A read cut short by a timeout stays pending; the next call awaits it rather than losing its chunk.
  let reading: ReturnType<typeof reader.read> | undefined;
  const push = createSseParser(({ event, data }) =>
    payloads.push(event === 'complete' ? { complete: true } : JSON.parse(data)),
  );
  return {
    async next(timeoutMs = 10_000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('no event in time')), timeoutMs);
      });
      try {
        while (payloads.length === 0) {
          reading ??= reader.read();
          const chunk = await Promise.race([reading, timeout]);
          reading = undefined;
          if (chunk.done) return { complete: true };
          push(chunk.value);
        }
        return payloads.shift();
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => reader.cancel(),
  };
}
