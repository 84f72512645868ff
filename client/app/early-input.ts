// Input given to a page the server drew before React has hydrated it (docs/rendering.md). Until
// then no control has its handlers: a tap on a button, a form sent, a letter typed or a box ticked
// would be lost, or worse, do what the bare HTML does (a form's native submission reloads the page).
// The inline script at the top of index.html's body holds it from before any control is painted
// (the app's code runs only once it has arrived): taps that are not on links and submissions, on
// nodes React has not hydrated yet, are held; text typed, options chosen and boxes ticked are noted. This replays
// them on the same elements once hydrated (hydration keeps the server's nodes). Links navigate as
// plain links meanwhile.

/** A checkbox or radio button changed before React saw it: from `was` to `now`. */
type Toggle = { kind: 'toggle'; field: HTMLInputElement; was: boolean; now: boolean };

export type HeldInput =
  | { kind: 'click'; target: Element }
  | { kind: 'submit'; form: HTMLFormElement; submitter: HTMLElement | null }
  | Toggle;

/** What index.html's holder keeps, on `window.siftEarlyInput`. */
export interface EarlyInput {
  held: HeldInput[];
  /**
   * Each field typed into (or select chosen in), with its latest text (hydrating a field puts its
   * first value back), until handed over once it has hydrated: React reads it from then on.
   */
  typed: Map<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, string>;
  /** Set while held input is dispatched again, so that it is not held a second time. */
  replaying: boolean;
  stop(): void;
}

declare global {
  interface Window {
    siftEarlyInput?: EarlyInput;
  }
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/** React keys each node it has hydrated with its fiber (as index.html's holder reads it too). */
const isHydrated = (node: Node) => Object.keys(node).some((key) => key.startsWith('__reactFiber$'));

/**
 * Once React has hydrated `node` (its Suspense boundary may hydrate after the routes), or it has
 * left the page; at most 10 s, after which it is acted on as it is.
 */
async function untilHydrated(node: Node): Promise<void> {
  const end = Date.now() + 10_000;
  while (node.isConnected && !isHydrated(node) && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 16));
  }
}

/**
 * React keeps the value it last saw on each field and reports a change only against it: the field
 * is set to the value React hydrated with (its default), then to the typed text behind React's
 * back, and an input event makes React read it.
 */
function handOverTyped(field: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  const prototype =
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  field.value = field.defaultValue;
  if (text === field.value) return;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * A select keeps no value React tracks: hydrating it selects the option the server drew selected,
 * and React's onChange reads the select's value at its change event.
 */
function handOverChosen(select: HTMLSelectElement, value: string): void {
  const drawn = [...select.options].find((option) => option.defaultSelected) ?? select.options[0];
  if (value === drawn?.value) return;
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

function dispatchAgain(input: HeldInput): void {
  // The whole press, dispatched (an icon's SVG has no click()): a select opens on mousedown.
  if (input.kind === 'click' && input.target.isConnected) {
    for (const type of ['mousedown', 'mouseup', 'click']) {
      input.target.dispatchEvent(
        new MouseEvent(type, { bubbles: true, cancelable: true, composed: true, button: 0 }),
      );
    }
  }
  if (input.kind === 'submit' && input.form.isConnected) {
    input.form.requestSubmit(input.submitter as HTMLButtonElement | null);
  }
  // Set back to what React holds (through its value tracker), then ticked as a tap would: React
  // sees the change. A re-render since may have put it back already.
  if (input.kind === 'toggle' && input.field.isConnected && input.now !== input.was) {
    input.field.checked = input.was;
    input.field.click();
  }
}

const targetOf = (input: HeldInput) =>
  input.kind === 'click'
    ? input.target
    : input.kind === 'submit'
      ? (input.submitter ?? input.form)
      : input.field;

/**
 * Hands over each field noted, once it has hydrated (or left the page), with the text it holds by
 * then. A field already hydrated is handed over at once, in the task that hydrated it: a render
 * after that would put it back to what React holds.
 */
async function handOverNoted(typed: EarlyInput['typed']): Promise<void> {
  for (let next = typed.keys().next(); !next.done; next = typed.keys().next()) {
    const field = next.value;
    if (!isHydrated(field)) await untilHydrated(field);
    const text = typed.get(field)!;
    typed.delete(field);
    if (!field.isConnected) continue;
    if (field instanceof HTMLSelectElement) handOverChosen(field, text);
    else handOverTyped(field, text);
  }
}

const fieldNotHydrated = () =>
  [...document.querySelectorAll('#root input, #root textarea, #root select')].some(
    (field) => !isHydrated(field),
  );

/**
 * Replays the held taps, submissions and ticks in order, each in a task of its own (React draws
 * what one changed, a field's text or a menu opened, before the next reads it) and once its element
 * has hydrated. Input given meanwhile joins the queue.
 */
async function replayHeldTaps(input: EarlyInput): Promise<void> {
  for (let next = input.held.shift(); next; next = input.held.shift()) {
    const target = targetOf(next);
    if (next.kind !== 'toggle' || !isHydrated(target)) {
      await untilHydrated(target);
      await nextTask();
    }
    input.replaying = true;
    try {
      dispatchAgain(next);
    } finally {
      input.replaying = false;
    }
  }
}

/**
 * Hands over what was typed, then replays what was held; again for input given meanwhile, until
 * every field of the page has hydrated (at most 10 s): one in a part that hydrates later still
 * loses its text to hydration.
 */
async function replayHeld(input: EarlyInput): Promise<void> {
  const end = Date.now() + 10_000;
  for (;;) {
    await handOverNoted(input.typed);
    await replayHeldTaps(input);
    if (input.typed.size === 0 && (!fieldNotHydrated() || Date.now() > end)) break;
    await new Promise((resolve) => setTimeout(resolve, 16));
  }
  input.stop();
}

/** Once the page has hydrated: what was given to it before is acted on. */
export function replayEarlyInput(): void {
  const input = window.siftEarlyInput;
  if (!input) return;
  window.siftEarlyInput = undefined;
  void replayHeld(input);
}

/** A page the browser draws itself (the shell): nothing to hold, React has the input from the start. */
export function dropEarlyInput(): void {
  window.siftEarlyInput?.stop();
  window.siftEarlyInput = undefined;
}
