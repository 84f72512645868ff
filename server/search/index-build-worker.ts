// Worker-thread entry that builds an index artifact off the server's event loop. The parent sends
// the source's documents in pages ({type:'rows'}), then {type:'end'}; the artifact (with its head)
// comes back once.
import { parentPort, workerData } from 'node:worker_threads';
import type { DataSourceConfig } from '#shared/app-config';
import { ArtifactBuild, type BuildOptions } from './artifact-build';
import type { DocumentRow } from './document-store';

export type BuildWorkerMessage = { type: 'rows'; rows: DocumentRow[] } | { type: 'end' };

const { source, options } = workerData as { source: DataSourceConfig; options?: BuildOptions };
const build = new ArtifactBuild(source, options);

parentPort!.on('message', (message: BuildWorkerMessage) => {
  if (message.type === 'rows') {
    build.add(message.rows);
    return;
  }
  build.finish().then(
    (artifact) =>
      parentPort!.postMessage(
        { type: 'done', artifact },
        [artifact, artifact.head].flatMap((built) => (built ? [built.bytes.buffer as ArrayBuffer] : [])),
      ),
    (error: unknown) =>
      parentPort!.postMessage({ type: 'error', message: String((error as Error)?.stack ?? error) }),
  );
});
