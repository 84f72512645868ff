// Heap measurement for the search benches: run them in a fresh process, so the heap is theirs.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** JavaScript heap plus array buffers (where typed arrays keep their bytes), after a collection, in MiB. */
export function heapMb(): number {
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return (heapUsed + arrayBuffers) / 2 ** 20;
}
