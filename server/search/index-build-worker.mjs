// Worker-thread bootstrap: a worker does not inherit the parent's module hooks, so register tsx's
// loader in this thread before running the TypeScript entry.
import { register } from 'tsx/esm/api';

register();
await import('./index-build-worker.ts');
