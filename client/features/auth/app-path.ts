// Turns URLs from Auth.js or a query string into in-app paths, so a callback can never lead
// off-site: anything that is not a same-origin path becomes the fallback.
export function appPathOf(url: string | null | undefined, fallback = '/', origin?: string): string {
  if (!url) return fallback;
  let parsed: URL;
  try {
    // Only a base to parse against: the result keeps the path alone. A server render has no page.
    parsed = new URL(url, origin ?? (import.meta.env.SSR ? 'http://localhost' : window.location.origin));
  } catch {
    return fallback;
  }
  const relative = url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
  // Auth.js answers absolute URLs on PUBLIC_URL, which is another origin only behind a dev proxy.
  const absolute = /^https?:\/\//i.test(url);
  if (!relative && !absolute) return fallback;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}
