import { Navigate, type RouteObject } from '@exam/router';
import { LOGIN_ALIAS, LOGIN_PATH } from '../guard/access';
import { ForbiddenPage, LicensePage, LoginPage, NotFoundPage } from '../pages/lazyPage';
import { RedirectPage } from '../pages/RedirectPage';
import { loginRouteWith, titled } from './loginRoute';

/** Routes every shell has whatever the menu says (spec admin §2 "Fixed routes"). */
export const fixedRoutes: RouteObject[] = [
  // '/' has no page of its own: the guard sends a signed-in user on to the index path.
  { path: '/', element: null },
  { path: '/redirect/*', element: <RedirectPage /> },
  { path: LOGIN_ALIAS, element: <Navigate to={LOGIN_PATH} replace /> },
  loginRouteWith(<LoginPage />),
  { path: '/401', element: <ForbiddenPage />, handle: titled('无权访问') },
  { path: '/404', element: <NotFoundPage />, handle: titled('页面未找到') },
  { path: '/license', element: <LicensePage />, handle: titled('授权无效') },
];

export const notFoundRoute: RouteObject = { path: '*', element: <NotFoundPage />, handle: titled('页面未找到') };
