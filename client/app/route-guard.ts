// The route guard of spec §2, run as React Router middleware before any loader: the deepest
// `handle.auth` of the matched routes decides, and every named `handle.middleware` must be known.
import { type MiddlewareFunction, matchRoutes, type Params, type RouteObject, redirect } from 'react-router';
import type { PublicConfig } from '#shared/app-config';
import { SESSION_REQUIRED } from '#shared/auth';
import { loadAppConfig } from '../config/app-config';
import { type AuthStatus, authStore } from '../features/auth/auth-store';
import { paths } from '../paths';
import { AppError } from './app-error';
import type { RouteAuth, RouteHandle } from './route-auth';

/** Named route middleware. `auth` protects a route that has no auth setting of its own. */
const KNOWN_MIDDLEWARE = new Set(['auth']);

/** A matched route as the guard reads it. */
export interface GuardedMatch {
  params: Params;
  route: { handle?: unknown };
}

/** Whether a setting of the chain depends on the URL, so the configuration must be at hand. */
export function needsConfig(matches: GuardedMatch[]): boolean {
  return matches.some((m) => typeof (m.route.handle as RouteHandle | undefined)?.auth === 'function');
}

function decide(own: RouteHandle['auth'], params: Params, config: PublicConfig | undefined) {
  if (typeof own !== 'function') return own;
  if (!config) throw new AppError({ message: 'A route decides its auth from the configuration; none given' });
  return own(params, config);
}

/** The auth rule of a matched route chain (outermost first); undefined: no rule, allowed. */
export function routeAuthOf(matches: GuardedMatch[], config?: PublicConfig): RouteAuth | undefined {
  let auth: RouteAuth | undefined;
  for (const { params, route } of matches) {
    const handle = route.handle as RouteHandle | undefined;
    for (const name of handle?.middleware ?? []) {
      if (!KNOWN_MIDDLEWARE.has(name)) {
        throw new AppError({ message: 'Unknown route middleware', data: { middleware: name } });
      }
    }
    auth = decide(handle?.auth, params, config) ?? (handle?.middleware?.includes('auth') ? true : auth);
  }
  return auth;
}

/** Where the guard sends someone with `status` asking for `url`, or null to let them in. */
export function guardRedirect(auth: RouteAuth | undefined, status: AuthStatus, url: URL): string | null {
  if (auth === undefined || auth === false) return null;
  const signedIn = status === 'authenticated';
  if (auth === true || 'role' in auth) {
    // Into the sign-in flow, with a callback to the page that was asked for.
    return signedIn ? null : paths.login(`${url.pathname}${url.search}`, SESSION_REQUIRED);
  }
  return signedIn ? (auth.navigateAuthenticatedTo ?? paths.index()) : null;
}

/** The 403 a signed-in user without the route's role gets, or null to let them in. */
export function roleRefusal(
  auth: RouteAuth | undefined,
  role: string | undefined,
  url: URL,
): AppError | null {
  if (typeof auth !== 'object' || !('role' in auth) || role === auth.role) return null;
  return new AppError({
    statusCode: 403,
    statusMessage: 'Forbidden',
    message: `Forbidden: ${url.pathname}`,
    data: { path: url.pathname, role: auth.role },
  });
}

export function createRouteGuard(getRoutes: () => RouteObject[]): MiddlewareFunction {
  return async ({ request }) => {
    const url = new URL(request.url);
    const matches = matchRoutes(getRoutes(), url) ?? [];
    const session = authStore.ready();
    const auth = routeAuthOf(matches, needsConfig(matches) ? await loadAppConfig() : undefined);
    // Pages without a rule render at once; the session they may show arrives when it arrives.
    if (auth === undefined || auth === false) return;
    const { status, data } = await session;
    const target = guardRedirect(auth, status, url);
    if (target) throw redirect(target);
    const refusal = roleRefusal(auth, data?.user.role, url);
    if (refusal) throw refusal;
  };
}

/** Runs the guard again when a background refresh finds that the user signed in or out elsewhere. */
export function revalidateOnSessionChange(router: { revalidate(): Promise<void> }): void {
  authStore.onChange(({ source }) => {
    if (source === 'refresh') void router.revalidate();
  });
}
