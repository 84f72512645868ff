// Node's own metrics (event-loop lag, heap, RSS, CPU, GC, handles), in one registry per process.
// prom-client starts an event-loop delay monitor and a GC observer for them that it never stops, so
// they are collected once and every app of the process (tests create many) reports the same ones.
import { collectDefaultMetrics, Registry } from 'prom-client';

let registry: Registry | undefined;

export function processMetrics(): Registry {
  if (!registry) {
    registry = new Registry();
    collectDefaultMetrics({ register: registry });
  }
  return registry;
}
