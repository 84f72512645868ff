// A value from a chunk loaded on first need: `load()` starts (once) and awaits it, `use()` returns
// it inside a component, suspending only until the chunk has arrived. Keeps rarely needed data
// (right-to-left styles, other colour families, other languages' component texts) out of the
// first load while letting code that prepares ahead (changeLocale, a route loader) avoid suspending.
import { use } from 'react';

export interface OnDemand<T> {
  load(): Promise<T>;
  /** The value once loaded, else undefined. */
  current(): T | undefined;
  /** For components: the value, suspending while it loads. */
  use(): T;
}

export function onDemand<T>(importValue: () => Promise<T>): OnDemand<T> {
  let value: T | undefined;
  let loaded = false;
  let loading: Promise<T> | undefined;
  const load = () => {
    loading ??= importValue().then((v) => {
      value = v;
      loaded = true;
      return v;
    });
    return loading;
  };
  return {
    load,
    current: () => value,
    // `use` may be called conditionally; a settled value skips it, so React never suspends then.
    use: () => (loaded ? (value as T) : use(load())),
  };
}
