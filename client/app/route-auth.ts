// Route-level auth settings (spec §2 route guard rules), carried in each route's `handle`.
export type RouteAuth =
  /** Public, even when a global guard would protect it. */
  | false
  /** Signed-in users only. */
  | true
  /** Signed-out users only; signed-in users go to `navigateAuthenticatedTo`, or `/`. */
  | { unauthenticatedOnly: true; navigateAuthenticatedTo?: string }
  /** Signed-in users with this role; other signed-in users get a 403 error page. */
  | { role: string };

export interface RouteHandle {
  auth?: RouteAuth;
  /** Named route middleware run by the guard (`auth`); an unknown name is an error. */
  middleware?: string[];
}
