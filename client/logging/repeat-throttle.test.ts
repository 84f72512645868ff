import { describe, expect, it } from 'vitest';
import { RepeatThrottle, type ThrottleClock } from './repeat-throttle';

/** A manual clock: time moves only when the test says so, and due timers fire then. */
function manualClock() {
  let now = 0;
  let nextHandle = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const clock: ThrottleClock = {
    now: () => now,
    setTimeout: (callback, ms) => {
      const handle = nextHandle++;
      timers.set(handle, { at: now + ms, callback });
      return handle;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [handle, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
      if (timer.at <= now) {
        timers.delete(handle);
        timer.callback();
      }
    }
  };
  return { clock, advance };
}

function setup() {
  const { clock, advance } = manualClock();
  const emitted: [string, number][] = [];
  const throttle = new RepeatThrottle<string>(
    (item, repeats) => emitted.push([item, repeats]),
    undefined,
    clock,
  );
  return { throttle, emitted, advance };
}

describe('RepeatThrottle (1000 ms, minimum 5)', () => {
  it('lets the first five quick repeats through, then sends one "repeated N times" summary', () => {
    const { throttle, emitted, advance } = setup();
    const passed = [];
    for (let i = 0; i < 12; i++) {
      passed.push(throttle.push('boom', `boom #${i}`));
      advance(100);
    }
    expect(passed).toEqual([true, true, true, true, true, false, false, false, false, false, false, false]);
    expect(emitted).toHaveLength(5);
    // The last repeat came at 1100 ms; the summary is due 1000 ms later.
    advance(899);
    expect(emitted).toHaveLength(5);
    advance(1);
    expect(emitted.at(-1)).toEqual(['boom #11', 7]);
  });

  it('does not throttle repeats spaced 1000 ms or more apart', () => {
    const { throttle, emitted, advance } = setup();
    for (let i = 0; i < 10; i++) {
      throttle.push('tick', 'tick');
      advance(1000);
    }
    expect(emitted).toHaveLength(10);
    expect(emitted.every(([, repeats]) => repeats === 0)).toBe(true);
  });

  it('keeps a streak alive while repeats stay under 1000 ms apart', () => {
    const { throttle, emitted, advance } = setup();
    for (let i = 0; i < 30; i++) {
      throttle.push('slow', 'slow');
      advance(900);
    }
    expect(emitted).toHaveLength(5);
    advance(100);
    expect(emitted.at(-1)).toEqual(['slow', 25]);
  });

  it('throttles each message on its own, even interleaved', () => {
    const { throttle, emitted, advance } = setup();
    for (let i = 0; i < 8; i++) {
      throttle.push('a', 'a');
      throttle.push('b', 'b');
      advance(10);
    }
    expect(emitted.filter(([item]) => item === 'a')).toHaveLength(5);
    expect(emitted.filter(([item]) => item === 'b')).toHaveLength(5);
    advance(1000);
    expect(emitted.slice(-2)).toEqual([
      ['a', 3],
      ['b', 3],
    ]);
  });

  it('closes a streak with its summary when the message comes back after a pause, and on flush', () => {
    const { throttle, emitted, advance } = setup();
    for (let i = 0; i < 7; i++) throttle.push('x', 'x');
    throttle.flush();
    expect(emitted.at(-1)).toEqual(['x', 2]);
    for (let i = 0; i < 6; i++) throttle.push('y', 'y');
    advance(5000);
    expect(emitted.at(-1)).toEqual(['y', 1]);
    expect(emitted).toHaveLength(12);
  });

  it('never emits a summary when nothing was suppressed', () => {
    const { throttle, emitted, advance } = setup();
    for (let i = 0; i < 5; i++) throttle.push('five', 'five');
    advance(10_000);
    throttle.flush();
    expect(emitted.map(([, repeats]) => repeats)).toEqual([0, 0, 0, 0, 0]);
  });
});
