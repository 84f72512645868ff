// Who is calling: every route that guards data asks a SessionReader, never a cookie directly.
export interface SessionUser {
  id: string;
  email: string;
  name: string | null;
  role: string;
}

export interface SessionReader {
  /** The signed-in user of this request (session cookie or bearer token), or null. */
  getUser(request: Request): Promise<SessionUser | null>;
}
