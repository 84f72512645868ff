import { describe, expect, it, vi } from 'vitest';
import { onDemand } from './on-demand';

describe('onDemand', () => {
  it('imports once, however often it is asked for, and then holds the value', async () => {
    const importValue = vi.fn(async () => 42);
    const value = onDemand(importValue);
    expect(value.current()).toBeUndefined();
    const [a, b] = await Promise.all([value.load(), value.load()]);
    expect([a, b, value.current(), value.use()]).toEqual([42, 42, 42, 42]);
    expect(importValue).toHaveBeenCalledTimes(1);
  });
});
