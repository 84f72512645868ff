// A minimal cookie jar for API tests: keeps what responses set and sends it back.
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Stores the Set-Cookie headers of `response`; removals (Max-Age=0 or empty value) delete. */
  store(response: Response): Response {
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      if (!value || /;\s*max-age=0\b/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** The Cookie request header. */
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
