// For tests of what draws in a transition: a component whose state is set outside one, as a click
// would, writing each draw to the test's list, so the order of draws shows which work came first.
import { useState } from 'react';

let set: (value: number) => void = () => {};

export function Urgent({ drawn }: { drawn: string[] }) {
  const [value, setValue] = useState(0);
  set = setValue;
  drawn.push(`urgent ${value}`);
  return null;
}

/** Sets the mounted `Urgent`'s state. */
export const setUrgent = (value: number) => set(value);
