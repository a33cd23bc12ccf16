import { Navigate, type RouteObject } from 'react-router';
import { LOGIN_ALIAS, LOGIN_PATH } from '../guard/access';
import { SyncPage } from '../login/SyncPage';
import { ForgotPage } from '../login/ForgotPage';
import { RegisterPage } from '../login/RegisterPage';
import { LoginLayout } from '../login/LoginLayout';
import { LoginPage } from '../login/LoginPage';
import { ForbiddenPage, LicensePage, NotFoundPage, RedirectPage } from '../pages/StatusPages';
import type { RouteHandle } from './buildRoutes';

const titled = (title: string, name = ''): RouteHandle => ({ name, title });

/** Routes every shell has whatever the menu says (spec admin §2 "Fixed routes"). */
export const fixedRoutes: RouteObject[] = [
  // '/' has no page of its own: the guard sends a signed-in user on to the index path.
  { path: '/', element: null },
  { path: '/redirect/*', element: <RedirectPage /> },
  { path: LOGIN_ALIAS, element: <Navigate to={LOGIN_PATH} replace /> },
  {
    path: '/pages/login',
    element: <LoginLayout />,
    children: [
      { index: true, element: <Navigate to={LOGIN_PATH} replace /> },
      { path: 'login', element: <LoginPage />, handle: titled('用户登录', 'Login') },
      { path: 'register', element: <RegisterPage />, handle: titled('学员注册') },
      { path: 'forgot', element: <ForgotPage />, handle: titled('找回密码') },
      { path: 'sync', element: <SyncPage />, handle: titled('登录成功') },
    ],
  },
  { path: '/401', element: <ForbiddenPage />, handle: titled('无权访问') },
  { path: '/404', element: <NotFoundPage />, handle: titled('页面未找到') },
  { path: '/license', element: <LicensePage />, handle: titled('授权无效') },
];

export const notFoundRoute: RouteObject = { path: '*', element: <NotFoundPage />, handle: titled('页面未找到') };
