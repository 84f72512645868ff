import { describe, expect, it } from 'vitest';
import type { PublicConfig } from '#shared/app-config';
import { AppError } from './app-error';
import type { RouteHandle } from './route-auth';
import { guardRedirect, needsConfig, roleRefusal, routeAuthOf } from './route-guard';

const url = new URL('https://sift.example/item/countries/FRA?x=1');

/** Matched routes with these handles and no params. */
const chain = (...handles: (RouteHandle | undefined)[]) =>
  handles.map((handle) => ({ params: {}, route: { handle } }));

describe('route guard', () => {
  it('takes the deepest auth setting of the matched routes', () => {
    expect(routeAuthOf(chain(undefined, {}))).toBeUndefined();
    expect(routeAuthOf(chain({ auth: true }, { auth: false }))).toBe(false);
    expect(routeAuthOf(chain({ auth: false }, {}, { auth: true }))).toBe(true);
    expect(routeAuthOf(chain({ middleware: ['auth'] }))).toBe(true);
    expect(routeAuthOf(chain({ middleware: ['auth'], auth: false }))).toBe(false);
  });

  it('decides a setting that depends on the URL from its params and the configuration', () => {
    const config = { gapSearch: { dataSources: { cities: { protected: true } } } } as unknown as PublicConfig;
    const bySource: RouteHandle = {
      auth: ({ source = '' }, { gapSearch }) => source in gapSearch.dataSources,
    };
    const item = (source: string) => [
      { params: {}, route: {} },
      { params: { source }, route: { handle: bySource } },
    ];
    expect(needsConfig(item('cities'))).toBe(true);
    expect(needsConfig(chain({ auth: true }))).toBe(false);
    expect(routeAuthOf(item('cities'), config)).toBe(true);
    expect(routeAuthOf(item('countries'), config)).toBe(false);
    expect(() => routeAuthOf(item('cities'))).toThrow(AppError);
  });

  it('refuses unknown route middleware', () => {
    expect(() => routeAuthOf(chain({}, { middleware: ['auth', 'admin-only'] }))).toThrow(AppError);
    expect(() => routeAuthOf(chain({ middleware: ['nope'] }))).toThrow('Unknown route middleware');
  });

  it('lets everyone into public routes and routes without a rule', () => {
    for (const status of ['authenticated', 'unauthenticated'] as const) {
      expect(guardRedirect(undefined, status, url)).toBeNull();
      expect(guardRedirect(false, status, url)).toBeNull();
    }
  });

  it('sends visitors of protected routes into sign-in with a callback and SessionRequired', () => {
    expect(guardRedirect(true, 'authenticated', url)).toBeNull();
    const target = new URL(guardRedirect(true, 'unauthenticated', url)!, 'https://sift.example');
    expect(target.pathname).toBe('/modules/auth/login');
    expect(target.searchParams.get('callbackUrl')).toBe('/item/countries/FRA?x=1');
    expect(target.searchParams.get('error')).toBe('SessionRequired');
  });

  it('sends signed-in users away from guest-only routes, to the configured page or /', () => {
    const guestOnly = {
      unauthenticatedOnly: true as const,
      navigateAuthenticatedTo: '/modules/auth/protected',
    };
    expect(guardRedirect(guestOnly, 'unauthenticated', url)).toBeNull();
    expect(guardRedirect(guestOnly, 'authenticated', url)).toBe('/modules/auth/protected');
    expect(guardRedirect({ unauthenticatedOnly: true }, 'authenticated', url)).toBe('/');
  });

  it('sends visitors of role routes into sign-in and refuses signed-in users without the role', () => {
    const admins = { role: 'admin' };
    expect(new URL(guardRedirect(admins, 'unauthenticated', url)!, url).pathname).toBe('/modules/auth/login');
    expect(guardRedirect(admins, 'authenticated', url)).toBeNull();
    expect(roleRefusal(admins, 'admin', url)).toBeNull();
    expect(roleRefusal(admins, 'user', url)).toMatchObject({ statusCode: 403 });
    expect(roleRefusal(true, 'user', url)).toBeNull();
    expect(roleRefusal(undefined, undefined, url)).toBeNull();
  });
});
