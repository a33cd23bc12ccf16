import { Navigate, type RouteObject } from '@exam/router';
import { LOGIN_PATH } from '../guard/access';
import { lazy, type ReactNode } from 'react';
import { LoginLayout } from '../login/LoginLayout';
import type { RouteHandle } from './buildRoutes';

// The other visitor pages load when opened, so the login page itself stays light.
const RegisterPage = lazy(() => import('../login/RegisterPage').then((m) => ({ default: m.RegisterPage })));
const ForgotPage = lazy(() => import('../login/ForgotPage').then((m) => ({ default: m.ForgotPage })));
const SyncPage = lazy(() => import('../login/SyncPage').then((m) => ({ default: m.SyncPage })));

export const titled = (title: string, name = ''): RouteHandle => ({ name, title });

/**
 * 用户登录 and the other visitor pages under /pages/login: part of every shell, and the whole of its login entry.
 * The login entry draws the sign-in form at once; a shell loads it when shown (a signed-in page has no use for Form).
 */
export const loginRouteWith = (loginPage: ReactNode): RouteObject => ({
  path: '/pages/login',
  element: <LoginLayout />,
  children: [
    { index: true, element: <Navigate to={LOGIN_PATH} replace /> },
    { path: 'login', element: loginPage, handle: titled('用户登录', 'Login') },
    { path: 'register', element: <RegisterPage />, handle: titled('学员注册') },
    { path: 'forgot', element: <ForgotPage />, handle: titled('找回密码') },
    { path: 'sync', element: <SyncPage />, handle: titled('登录成功') },
  ],
});
