// Input given to a page the server drew before React has hydrated it (docs/rendering.md). Until
// then no control has its handlers: a tap on a button, a form sent or a letter typed would be lost,
// or worse, do what the bare HTML does (a form's native submission reloads the page). So taps and
// submissions are held and replayed on the same elements once hydrated (hydration keeps the
// server's nodes), and text typed meanwhile is handed to React as the change it is. Links are left
// alone: before hydration they navigate as plain links.

type Held =
  | { kind: 'click'; target: Element }
  | { kind: 'submit'; form: HTMLFormElement; submitter: HTMLElement | null };

let held: Held[] | null = null;
/** Each field typed into, with its text then: hydrating a textarea puts its first value back. */
let typed = new Map<HTMLInputElement | HTMLTextAreaElement, string>();
/** Set while a held input is dispatched again, so that it is not held a second time. */
let replaying = false;
let stopHolding = () => {};
let heldRoot: HTMLElement | null = null;

const TEXT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number']);

const isTextField = (node: EventTarget | null): node is HTMLInputElement | HTMLTextAreaElement =>
  node instanceof HTMLTextAreaElement || (node instanceof HTMLInputElement && TEXT_TYPES.has(node.type));

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));
/** Once the browser has nothing queued: React hydrates Suspense boundaries in tasks of their own. */
const idle = () =>
  new Promise<void>((resolve) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(() => resolve(), { timeout: 1000 })
      : setTimeout(resolve),
  );

/** Starts holding input on `root`; `replayEarlyInput` ends it. */
export function holdEarlyInput(root: HTMLElement): void {
  const queue: Held[] = [];
  held = queue;
  const onClick = (event: MouseEvent) => {
    if (replaying) return;
    const target = event.target as Element;
    if (target.closest('a[href]') || isTextField(target)) return;
    event.preventDefault();
    // React listens on the root too once hydrating starts: the tap is replayed once, by this.
    event.stopImmediatePropagation();
    // A tap on a submit button is kept as the submission: a dispatched click does not always submit.
    const button = target.closest('button, input');
    const submits =
      (button instanceof HTMLButtonElement || button instanceof HTMLInputElement) &&
      button.type === 'submit' &&
      button.form !== null;
    queue.push(
      submits ? { kind: 'submit', form: button.form!, submitter: button } : { kind: 'click', target },
    );
  };
  const onSubmit = (event: SubmitEvent) => {
    if (replaying) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    queue.push({ kind: 'submit', form: event.target as HTMLFormElement, submitter: event.submitter });
  };
  const onInput = (event: Event) => {
    // Once hydrated (replaying), React reads what is typed itself.
    if (held && isTextField(event.target)) typed.set(event.target, event.target.value);
  };
  root.addEventListener('click', onClick, true);
  root.addEventListener('submit', onSubmit, true);
  root.addEventListener('input', onInput, true);
  heldRoot = root;
  stopHolding = () => {
    root.removeEventListener('click', onClick, true);
    root.removeEventListener('submit', onSubmit, true);
    root.removeEventListener('input', onInput, true);
  };
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

function dispatchAgain(input: Held): void {
  replaying = true;
  try {
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
  } finally {
    replaying = false;
  }
}

/**
 * Hands over what was typed, then replays the held taps and submissions in order, each in a task
 * of its own: React draws what one changed (a field's text, a menu opened) before the next reads
 * it. Input given meanwhile joins the queue.
 */
async function replayHeld(queue: Held[]): Promise<void> {
  await idle();
  // A field typed into before this module ran still shows it (hydrating an input keeps its text).
  for (const field of heldRoot?.querySelectorAll('input') ?? []) {
    if (isTextField(field) && !typed.has(field) && field.value !== field.defaultValue)
      typed.set(field, field.value);
  }
  for (const [field, text] of typed) if (field.isConnected) handOverTyped(field, text);
  typed = new Map();
  for (let input = queue.shift(); input; input = queue.shift()) {
    await nextTask();
    dispatchAgain(input);
  }
  stopHolding();
}

/** Once the page has hydrated: what was given to it before is acted on. */
export function replayEarlyInput(): void {
  const queue = held;
  if (!queue) return;
  held = null;
  void replayHeld(queue);
}
