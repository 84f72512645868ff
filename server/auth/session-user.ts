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
  /** The session of the request's cookie alone (never a bearer token), or null. */
  cookieSession(request: Request): Promise<CookieSession | null>;
}
