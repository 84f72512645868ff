// Turns URLs from Auth.js or a query string into in-app paths, so a callback can never lead
// off-site: anything that is not a same-origin path becomes the fallback.
export function appPathOf(
  url: string | null | undefined,
  fallback = '/',
  origin = window.location.origin,
): string {
  if (!url) return fallback;
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return fallback;
  }
  const relative = url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
  // Auth.js answers absolute URLs on PUBLIC_URL, which is another origin only behind a dev proxy.
  const absolute = /^https?:\/\//i.test(url);
  if (!relative && !absolute) return fallback;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}
