// The page's cookies, read and written in one place: every cookie Sift writes covers the whole site
// (Path=/) with SameSite=Lax, and Secure when asked. Through document.cookie, because the Cookie
// Store API is missing from some supported browsers.

export interface CookieAttributes {
  maxAgeSeconds: number;
  secure?: boolean;
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The page's cookies; a server render (docs/rendering.md) sees none unless they are handed to it. */
const pageCookies = () => (import.meta.env.SSR ? '' : document.cookie);

/** A cookie's decoded value; undefined when absent or not decodable. */
export function readCookie(name: string, cookies: string = pageCookies()): string | undefined {
  const prefix = `${name}=`;
  const entry = cookies
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix));
  if (entry === undefined) return undefined;
  try {
    return decodeURIComponent(entry.slice(prefix.length));
  } catch {
    return undefined;
  }
}

/** The names of the cookies the page can see. */
export function cookieNames(cookies: string = pageCookies()): string[] {
  return cookies
    .split(';')
    .map((part) => part.split('=')[0]!.trim())
    .filter(Boolean);
}

function serializeCookie(name: string, value: string, { maxAgeSeconds, secure }: CookieAttributes): string {
  return `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function writeCookie(name: string, value: string, attributes: CookieAttributes): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from some supported browsers
  document.cookie = serializeCookie(name, value, attributes);
}

/** The small preference cookies (language, colour scheme) are kept for a year. */
export function writePreferenceCookie(name: string, value: string): void {
  writeCookie(name, value, { maxAgeSeconds: ONE_YEAR_SECONDS });
}

export function deleteCookie(name: string): void {
  writeCookie(name, '', { maxAgeSeconds: 0 });
}
