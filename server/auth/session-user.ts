// Who is calling: every route that guards data asks a SessionReader, never a cookie directly.
export interface SessionUser {
  id: string;
  email: string;
  name: string | null;
  role: string;
}

/** A live session as the request's session cookie carries it; times in ms since the epoch. */
export interface CookieSession {
  user: SessionUser;
  issuedAt: number;
  expiresAt: number;
}

export interface SessionReader {
  /** The signed-in user of this request (session cookie or bearer token), or null. */
  getUser(request: Request): Promise<SessionUser | null>;
  /** The user of the request's bearer token alone (`Authorization: Bearer …`, never the cookie), or null. */
  bearerUser(request: Request): Promise<SessionUser | null>;
  /**
   * The session of the request's cookie alone (never a bearer token), or null. `cookieHeader` is the
   * request's Cookie header when the caller has read it already: each read costs some µs.
   */
  cookieSession(request: Request, cookieHeader?: string | null): Promise<CookieSession | null>;
}
