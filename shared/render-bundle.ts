// The render bundle (client/entry-server.tsx built for Node, docs/rendering.md): where the build
// writes it beside the built client (`dist/client` → `dist/client-render`), and what it exports
// to the server that loads it at run time.
import type { PublicConfig } from './app-config';
import type { AuthProviders } from './auth';

export const RENDER_ENTRY = 'entry-server.js';

export function renderBundleDir(staticDir: string): string {
  return `${staticDir.replace(/[\\/]+$/, '')}-render`;
}

/** What the first render assumes, so that the browser's hydration agrees with the server's HTML. */
export interface FirstRender {
  /** The `color-scheme` cookie's value, if any. */
  colorSchemeCookie: string | undefined;
  /** Whether the system prefers dark colours (a client hint; light when not told). */
  prefersDark: boolean;
  /** Whether the screen is desktop-wide (lg and up), as guessed from the request. */
  desktop: boolean;
  /** The browser's languages, most wanted first (its Accept-Language): `navigator.languages`. */
  languages: string[];
  /** When the server drew the page (ms since the epoch): "now" for the times it shows. */
  renderedAt: number;
  /** The visitor's consent cookie, if any: the decision the page is drawn with. */
  consentCookie: string | undefined;
}

/** A lookup (spec §3): id `<namespace>.<code>` and its labels in the order of locales.ts. */
export interface PublicLookup {
  id: string;
  values: string[];
}

/**
 * What a render may read from the server: public data only, since every rendered request is
 * anonymous. A protected or unknown source has no artifact here, whatever the caller asks.
 */
export interface PublicData {
  /** The current index artifact of a public source (what the browser downloads), or null. */
  artifact(
    source: string,
  ): Promise<{ crc32c: number; bytes: Uint8Array; delta?: { crc32c: number; bytes: Uint8Array } } | null>;
  /** The lookups of the namespaces public sources use. */
  lookups(): Promise<PublicLookup[]>;
  /** The sign-in providers, as GET providers answers the browser: the sign-in page draws its form. */
  signInProviders(): Promise<AuthProviders>;
  /** Logs what kept a render from drawing some of the data (the page is drawn without it). */
  logError(message: string, error: unknown): void;
}

export interface RenderInput {
  /**
   * An anonymous request for the page's URL, without headers: everything else a page is drawn from
   * is named below, so that the server can keep the page for every request with the same inputs.
   */
  request: Request;
  /** The built index.html the page is written into. */
  template: string;
  config: PublicConfig;
  /** The language the visitor's cookie or browser asks for. */
  locale: string;
  /** Messages by language: English and `locale`. */
  messages: Record<string, object>;
  firstRender: FirstRender;
  publicData: PublicData;
  /** The origin people open the app at (PUBLIC_URL): canonical links start with it. */
  publicUrl: string;
}

export type RenderResult =
  | {
      kind: 'page';
      status: number;
      document: string;
      /** Whether the page shows the moment it was drawn (`renderedAt`): it is not sent again. */
      showsRenderTime: boolean;
    }
  | { kind: 'redirect'; response: Response }
  /** Not rendered on the server: the page needs a session or ends in an error; the browser draws it. */
  | { kind: 'client' };

export interface RenderBundle {
  render(input: RenderInput): Promise<RenderResult>;
}
