// Throttles repeats of the same message (spec §9: 1000 ms, minimum 5): while an identical message
// keeps arriving less than `windowMs` after the previous one, the first `minRepeats` pass and the
// rest are counted; once it stops for `windowMs`, one summary carries the count.

export interface ThrottleClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const browserClock: ThrottleClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

interface Streak<T> {
  count: number;
  lastAt: number;
  suppressed: number;
  latest: T;
  timer: unknown;
}

/** Distinct messages tracked at once; the oldest streak is closed beyond this. */
const MAX_KEYS = 200;

export class RepeatThrottle<T> {
  private readonly streaks = new Map<string, Streak<T>>();

  constructor(
    /** Receives every item let through (repeats 0) and each summary (repeats > 0). */
    private readonly emit: (item: T, repeats: number) => void,
    private readonly options = { windowMs: 1000, minRepeats: 5 },
    private readonly clock: ThrottleClock = browserClock,
  ) {}

  /** Returns true when the item was emitted now, false when it was counted into a summary. */
  push(key: string, item: T): boolean {
    const now = this.clock.now();
    const streak = this.streaks.get(key);
    if (streak && now - streak.lastAt < this.options.windowMs) {
      streak.count += 1;
      streak.lastAt = now;
      // Re-insert so the map's order stays least-recently-seen first.
      this.streaks.delete(key);
      this.streaks.set(key, streak);
      if (streak.count <= this.options.minRepeats) {
        this.emit(item, 0);
        return true;
      }
      streak.suppressed += 1;
      streak.latest = item;
      this.clock.clearTimeout(streak.timer);
      streak.timer = this.clock.setTimeout(() => this.close(key), this.options.windowMs);
      return false;
    }
    if (streak) this.close(key);
    this.streaks.set(key, { count: 1, lastAt: now, suppressed: 0, latest: item, timer: undefined });
    if (this.streaks.size > MAX_KEYS) this.close(this.streaks.keys().next().value!);
    this.emit(item, 0);
    return true;
  }

  /** Emits every pending summary now (e.g. when the page is being hidden). */
  flush(): void {
    for (const key of [...this.streaks.keys()]) this.close(key);
  }

  private close(key: string): void {
    const streak = this.streaks.get(key);
    if (!streak) return;
    this.streaks.delete(key);
    this.clock.clearTimeout(streak.timer);
    if (streak.suppressed > 0) this.emit(streak.latest, streak.suppressed);
  }
}
