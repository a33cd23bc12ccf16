import { localPathOf, type RouteNode } from '@exam/contracts';
import { indexPath } from '../routes/paths';

export const LOGIN_PATH = '/pages/login/login';
/** The fixed route that only leads to LOGIN_PATH (spec admin §2). */
export const LOGIN_ALIAS = '/login';

/** Spec admin §2: the only paths a visitor without a token may open. */
export const VISITOR_PREFIXES = [
  LOGIN_PATH,
  '/pages/login/register',
  '/pages/login/forgot',
  '/pages/login/sync',
  '/401',
  '/404',
  '/license',
  '/pages/cam',
  '/pages/survey',
  '/pages/cert/verify', // a certificate's public verification page (CERT_VERIFY_PATH)
] as const;

export const NO_ACCESS_MSG = '您无权访问此系统，请联系管理员进行菜单授权！';
export const NETWORK_LOST_MSG = '网络走丢啦，请稍后刷新页面重试！';
export const ADMIN_ROLE_TYPE = 2;

/** Prefix match on whole segments, so /4010 is not /401 but /pages/cam/1 is /pages/cam. */
export function isVisitorPath(path: string): boolean {
  return VISITOR_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** The login page, remembering where the user wanted to go (nothing to remember for the index or the login page itself). */
export function loginUrl(redirect?: string): string {
  const path = redirect?.split(/[?#]/)[0];
  if (!redirect || path === '/' || path === LOGIN_ALIAS || redirect.startsWith(LOGIN_PATH)) return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(redirect)}`;
}

/**
 * Where to go after signing in: the saved redirect when it stays on this site (parsed as the browser parses
 * it: `/\t/evil.example` is another site), else '/'. Anything else would make the login page an open redirect.
 */
export function redirectAfterLogin(search: string): string {
  return localPathOf(new URLSearchParams(search).get('redirect')) ?? '/';
}

export interface NavigationState {
  /** Path inside the router (basename removed), and the same with its query string. */
  path: string;
  fullPath: string;
  signedIn: boolean;
  routesLoaded: boolean;
  routes: RouteNode[];
}

export type NavigationDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Signed in but roles and routes are not loaded yet: fetch them, then decide again. */
  | { kind: 'load' };

/** The guard of spec admin §2, without side effects. */
export function decideNavigation(state: NavigationState): NavigationDecision {
  const { path, fullPath, signedIn, routesLoaded, routes } = state;
  if (!signedIn) {
    return isVisitorPath(path) ? { kind: 'allow' } : { kind: 'redirect', to: loginUrl(fullPath) };
  }
  if (!routesLoaded) return { kind: 'load' };
  if (path === '' || path === '/' || path === LOGIN_PATH) {
    const index = indexPath(routes);
    return index === path ? { kind: 'allow' } : { kind: 'redirect', to: index };
  }
  return { kind: 'allow' };
}

/**
 * After loading: no routes for an admin-side user means no access (spec admin §2). The admin shell
 * refuses anyone with no admin routes, which is how a learner opening /admin/ is turned away.
 */
export function refusesAccess(routes: RouteNode[], roleType: number | undefined, terminal: 'admin' | 'web') {
  return routes.length === 0 && (roleType === ADMIN_ROLE_TYPE || terminal === 'admin');
}
