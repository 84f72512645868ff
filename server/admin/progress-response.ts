// Answers a long admin operation as JSON, or, when the caller accepts PROGRESS_MEDIA_TYPE, as a stream
// of progress lines ending with the result line (or an error line), so a console or CLI can show how
// far a minutes-long import has got.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { PROGRESS_MEDIA_TYPE, type ProgressLine } from '#shared/admin/admin-api';

export type OnProgress = (phase: string, done: number, total: number) => void;

export function progressResponse<T>(
  c: Context,
  run: (onProgress: OnProgress) => Promise<{ status: ContentfulStatusCode; body: T }>,
  onError: (error: unknown) => { code: string; message: string },
): Promise<Response> | Response {
  if (!(c.req.header('Accept') ?? '').includes(PROGRESS_MEDIA_TYPE)) {
    return run(() => {}).then(({ status, body }) => c.json(body, status));
  }
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (line: ProgressLine<T>) => controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
      let shown = '';
      try {
        const { body: result } = await run((phase, done, total) => {
          // A line per percent and phase, not per chunk.
          const step = `${phase}:${total === 0 ? 100 : Math.floor((done / total) * 100)}`;
          if (step === shown) return;
          shown = step;
          send({ progress: { phase, done, total } });
        });
        send({ result });
      } catch (error) {
        send({ error: onError(error) });
      }
      controller.close();
    },
  });
  return new Response(body, {
    headers: { 'Content-Type': PROGRESS_MEDIA_TYPE, 'Cache-Control': 'no-store' },
  });
}
