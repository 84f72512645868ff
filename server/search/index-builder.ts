// Runs an index build in a worker thread, feeding it the source's documents page by page, so the
// server keeps answering while a large source (135,000 cities: seconds of CPU) is indexed.
import { Worker } from 'node:worker_threads';
import type { DataSourceConfig } from '#shared/app-config';
import type { BuildOptions, BuiltSource } from './artifact-build';
import type { DocumentRow } from './document-store';
import type { BuildWorkerMessage } from './index-build-worker';

/**
 * The build worker's heap limits. Besides capping the heap, V8 grows it more cautiously the lower
 * its limit (up to 4× its live size past a limit of 2 GB, about 1.5× at 768 MB), and a small young
 * generation collects a document's garbage before it is promoted: at a million cities the build
 * keeps about 40 MB of heap alive and 180 MB of typed arrays (outside the heap), where a heap of
 * 250 MB alive once grew to 480 MB without limits. A source of about three million documents may
 * need more (its build fails; the server stays up).
 */
const BUILD_HEAP_MB = 768;
const BUILD_YOUNG_HEAP_MB = 8;

type WorkerReply = { type: 'done'; artifact: BuiltSource } | { type: 'error'; message: string };

/** Builds `source`'s artifact (and its head, if large) from `pages`, as ArtifactBuild does. */
export async function buildInWorker(
  source: DataSourceConfig,
  pages: AsyncIterable<DocumentRow[]>,
  signal?: AbortSignal,
  options?: BuildOptions,
): Promise<BuiltSource> {
  const worker = new Worker(new URL('./index-build-worker.mjs', import.meta.url), {
    workerData: { source, options },
    resourceLimits: { maxOldGenerationSizeMb: BUILD_HEAP_MB, maxYoungGenerationSizeMb: BUILD_YOUNG_HEAP_MB },
  });
  const reply = new Promise<BuiltSource>((resolve, reject) => {
    worker.once('message', (message: WorkerReply) =>
      message.type === 'done' ? resolve(message.artifact) : reject(new Error(message.message)),
    );
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`index build worker exited with code ${code}`)));
  });
  // Awaited below; this only keeps a failure during the feeding from counting as unhandled.
  reply.catch(() => {});
  // Terminating makes the worker exit, which rejects the reply.
  const abandon = () => void worker.terminate();
  signal?.addEventListener('abort', abandon);
  try {
    for await (const rows of pages) {
      signal?.throwIfAborted();
      worker.postMessage({ type: 'rows', rows } satisfies BuildWorkerMessage);
    }
    worker.postMessage({ type: 'end' } satisfies BuildWorkerMessage);
    return await reply;
  } finally {
    signal?.removeEventListener('abort', abandon);
    await worker.terminate();
  }
}
