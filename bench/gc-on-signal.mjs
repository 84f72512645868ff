// Preloaded by the server bench (through NODE_OPTIONS, like cpu-profile.mjs): on SIGUSR2 the process
// collects all its garbage and says so on stderr, so that RSS is compared between like states. Read
// at any moment, RSS holds whatever garbage the last load or the demo import left, hundreds of MB
// that V8 gives back only when it next collects under load, never while the process is idle.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');
let collections = 0;
process.on('SIGUSR2', () => {
  gc();
  collections += 1;
  process.stderr.write(`bench-gc ${collections}\n`);
});
