// @vitest-environment happy-dom
// index.html's holder and early-input.ts's replay: input given to a server-drawn page before it is
// hydrated reaches the app's handlers once, after; links and boxes act at once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inlineScript } from '#tests/support/index-html';
import { dropEarlyInput, replayEarlyInput } from './early-input';

const holder = inlineScript('siftEarlyInput');

let root: HTMLElement;
/** What the app's handlers (React's, on the root) saw. */
let seen: string[];

/** The app starts hydrating: its handlers listen on the root from now on (React's do from the start). */
function hydrate() {
  for (const type of ['click', 'submit', 'input']) {
    root.addEventListener(type, (event) => {
      const target = event.target as HTMLInputElement;
      seen.push(`${type} ${target.id}${target.type === 'checkbox' ? ` ${target.checked}` : ''}`);
      if (type === 'input') seen.push(`value ${target.value}`);
      if (type === 'submit') event.preventDefault();
    });
  }
}

/** React has hydrated every node of the page: it keys each with its fiber. */
function markHydrated() {
  for (const node of root.querySelectorAll('*')) Object.assign(node, { __reactFiber$test: {} });
}

const settled = (count: number) => vi.waitFor(() => expect(seen).toHaveLength(count));

beforeEach(() => {
  document.body.innerHTML = `
    <div id="root">
      <button id="menu" type="button">Menu</button>
      <a id="link" href="#about">About</a>
      <form id="form"><input id="query" type="search" /><button id="send" type="submit">Go</button></form>
      <label id="label"><input id="box" type="checkbox" /> Europe</label>
    </div>
    <button id="outside" type="button">Outside</button>`;
  root = document.getElementById('root')!;
  seen = [];
  new Function(holder)();
});

afterEach(() => dropEarlyInput());

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

describe('input before hydration', () => {
  it('holds a tap until the page has hydrated, then replays it once', async () => {
    hydrate();
    const tap = new MouseEvent('click', { bubbles: true, cancelable: true });
    byId('menu').dispatchEvent(tap);
    expect(tap.defaultPrevented).toBe(true);
    expect(seen).toEqual([]);
    markHydrated();
    replayEarlyInput();
    await settled(1);
    expect(seen).toEqual(['click menu']);
  });

  it('replays a tap only once its element has hydrated', async () => {
    vi.useFakeTimers();
    hydrate();
    byId('menu').click();
    replayEarlyInput();
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen).toEqual([]);
    markHydrated();
    await vi.advanceTimersByTimeAsync(50);
    expect(seen).toEqual(['click menu']);
    vi.useRealTimers();
  });

  it('keeps a submission from reloading the page and sends it with its button once hydrated', async () => {
    const submitted = vi.fn((event: SubmitEvent) => event.submitter?.id);
    byId('form').addEventListener('submit', submitted);
    byId('send').click();
    expect(submitted).not.toHaveBeenCalled();
    hydrate();
    markHydrated();
    replayEarlyInput();
    await vi.waitFor(() => expect(submitted).toHaveReturnedWith('send'));
  });

  it('hands the text typed to the app as a change', async () => {
    const query = byId<HTMLInputElement>('query');
    query.value = 'france';
    query.dispatchEvent(new Event('input', { bubbles: true }));
    hydrate();
    markHydrated();
    replayEarlyInput();
    await settled(2);
    expect(seen).toEqual(['input query', 'value france']);
  });

  it('hands over text typed into a field that hydrates after the rest of the page', async () => {
    hydrate();
    const query = byId<HTMLInputElement>('query');
    for (const node of root.querySelectorAll('*')) {
      if (node !== query) Object.assign(node, { __reactFiber$test: {} });
    }
    replayEarlyInput();
    query.value = 'france';
    query.dispatchEvent(new Event('input', { bubbles: true }));
    seen = [];
    // Hydrating the field puts back the value it was drawn with.
    query.value = query.defaultValue;
    markHydrated();
    await settled(2);
    expect(seen).toEqual(['input query', 'value france']);
    expect(query.value).toBe('france');
  });

  it('ticks a box at once and tells the app once hydrated', async () => {
    const box = byId<HTMLInputElement>('box');
    hydrate();
    box.click();
    expect(box.checked).toBe(true);
    expect(seen.filter((event) => event.startsWith('click'))).toEqual([]);
    markHydrated();
    replayEarlyInput();
    // A tick is a click, then input and change events, as a tap's.
    await vi.waitFor(() =>
      expect(seen.filter((event) => event.startsWith('click'))).toEqual(['click box true']),
    );
    expect(box.checked).toBe(true);
  });

  it('leaves links, and anything outside the page, alone', () => {
    hydrate();
    for (const id of ['link', 'outside']) {
      const tap = new MouseEvent('click', { bubbles: true, cancelable: true });
      byId(id).dispatchEvent(tap);
      expect(tap.defaultPrevented, id).toBe(false);
    }
    expect(seen).toEqual(['click link']);
  });

  it('leaves a control React has already hydrated to React', () => {
    hydrate();
    markHydrated();
    byId('menu').click();
    expect(seen).toEqual(['click menu']);
  });

  it('holds nothing on a page the browser draws itself', () => {
    dropEarlyInput();
    hydrate();
    byId('menu').click();
    expect(seen).toEqual(['click menu']);
  });
});
