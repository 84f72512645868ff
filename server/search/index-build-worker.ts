// Worker-thread entry that builds an index artifact off the server's event loop. The parent sends
// the source's documents in pages ({type:'rows'}), then {type:'end'}; the artifact comes back once.
import { parentPort, workerData } from 'node:worker_threads';
import type { DataSourceConfig } from '#shared/app-config';
import { buildArtifact } from '#shared/search/index-artifact';
import type { IndexDocument } from '#shared/search/search-types';
import { documentFromRow } from './artifact-build';
import type { DocumentRow } from './document-store';

export type BuildWorkerMessage = { type: 'rows'; rows: DocumentRow[] } | { type: 'end' };

const { source, hides } = workerData as { source: DataSourceConfig; hides?: string[] };
const documents: IndexDocument[] = [];

parentPort!.on('message', (message: BuildWorkerMessage) => {
  if (message.type === 'rows') {
    for (const row of message.rows) documents.push(documentFromRow(source, row));
    return;
  }
  buildArtifact(source, documents, undefined, hides).then(
    (artifact) => parentPort!.postMessage({ type: 'done', artifact }, [artifact.bytes.buffer as ArrayBuffer]),
    (error: unknown) =>
      parentPort!.postMessage({ type: 'error', message: String((error as Error)?.stack ?? error) }),
  );
});
