// Route-level auth settings (spec §2 route guard rules), carried in each route's `handle`.
import type { Params } from 'react-router';
import type { PublicConfig } from '#shared/app-config';

export type RouteAuth =
  /** Public, even when a global guard would protect it. */
  | false
  /** Signed-in users only. */
  | true
  /** Signed-out users only; signed-in users go to `navigateAuthenticatedTo`, or `/`. */
  | { unauthenticatedOnly: true; navigateAuthenticatedTo?: string }
  /** Signed-in users with this role; other signed-in users get a 403 error page. */
  | { role: string };

/** A setting that depends on the URL: decided from its params and the public configuration. */
export type RouteAuthOf = (params: Params, config: PublicConfig) => RouteAuth;

export interface RouteHandle {
  auth?: RouteAuth | RouteAuthOf;
  /** Named route middleware run by the guard (`auth`); an unknown name is an error. */
  middleware?: string[];
}
