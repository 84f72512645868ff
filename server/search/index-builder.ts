// Runs an index build in a worker thread, feeding it the source's documents page by page, so the
// server keeps answering while a large source (135,000 cities: seconds of CPU) is indexed.
import { Worker } from 'node:worker_threads';
import type { DataSourceConfig } from '#shared/app-config';
import type { BuiltArtifact } from '#shared/search/index-artifact';
import type { DocumentRow } from './document-store';
import type { BuildWorkerMessage } from './index-build-worker';

type WorkerReply = { type: 'done'; artifact: BuiltArtifact } | { type: 'error'; message: string };

/** Builds `source`'s artifact from `pages`; a delta segment's names the base documents it `hides`. */
export async function buildInWorker(
  source: DataSourceConfig,
  pages: AsyncIterable<DocumentRow[]>,
  signal?: AbortSignal,
  hides?: string[],
): Promise<BuiltArtifact> {
  const worker = new Worker(new URL('./index-build-worker.mjs', import.meta.url), {
    workerData: { source, hides },
  });
  const reply = new Promise<BuiltArtifact>((resolve, reject) => {
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
