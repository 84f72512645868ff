// Preloaded by the server bench (BENCH_CPU_PROF=<folder>, through NODE_OPTIONS, which refuses
// --cpu-prof): profiles the process from its start and writes the profile to the folder at exit.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

const folder = process.env.BENCH_CPU_PROF;
if (folder) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  // The in-process inspector answers synchronously, so the profile is written before the process ends.
  process.on('exit', () =>
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    }),
  );
}
