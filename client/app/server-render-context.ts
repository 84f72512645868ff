// What the routes' loaders read while the server renders a page (docs/rendering.md, "Public items"):
// the server's public data, the page's language and the configuration, in the router's context. In
// the browser the context holds nothing and the loaders prepare the device as before.
import type { i18n } from 'i18next';
import { createContext, type RouterContextProvider } from 'react-router';
import type { LookupLabel } from '#client/features/search/search-labels';
import type { PublicConfig } from '#shared/app-config';
import type { PublicData } from '#shared/render-bundle';

export interface ServerRender {
  data: PublicData;
  config: PublicConfig;
  /** The page's language and messages. */
  i18n: i18n;
}

/** Set only while the server renders; null in the browser. */
export const serverRenderContext = createContext<ServerRender | null>(null);

/** A page's `<title>`, description and canonical path, from the loader of the route that draws it. */
export interface PageHead {
  title: string;
  description?: string;
  /** A path on the public origin; the server writes the absolute URL. */
  canonicalPath?: string;
}

/** The lookup labels a server-rendered page uses, in its language, by id: the browser hydrates with them. */
export type ServerLabels = Record<string, string>;

/** The device's lookups first, then those the server drew the page with (until the device has its own). */
export function withServerLabels(device: LookupLabel, server: ServerLabels | undefined): LookupLabel {
  return server ? (id) => device(id) ?? server[id] : device;
}

/** The server's render in a loader's context (a RouterContextProvider: middleware is on); null in the browser. */
export const serverRenderOf = (context: unknown): ServerRender | null =>
  (context as Readonly<RouterContextProvider>).get(serverRenderContext);
