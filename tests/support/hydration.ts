// For tests of a page the server drew: drawn as the server draws it, then hydrated, with what React
// reported as recoverable (a mismatch between the two draws).
import { act, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';

/** `page` as the server draws it, in a container appended to the document. */
export function drawnByServer(page: ReactNode): HTMLDivElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page);
  document.body.append(container);
  return container;
}

/** Hydrates `container` with `page`, and what follows at once; the recoverable errors React reported. */
export async function hydrate(container: Element, page: ReactNode): Promise<unknown[]> {
  const recovered: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, page, { onRecoverableError: (error) => recovered.push(error) });
  });
  return recovered;
}
