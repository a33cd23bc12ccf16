import { lazy, Suspense, type ComponentType } from 'react';
import { ViewLoading } from '../federation/ViewLoading';

/**
 * A page the shell rarely shows (404, 403, the sign-in form once signed in) as its own chunk: its Arco components
 * (Result's illustrations, Form) stay out of the first load of every other page.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Page = lazy(async () => ({ default: await load() }));
  function LazyPage(props: P) {
    return (
      <Suspense fallback={<ViewLoading />}>
        <Page {...props} />
      </Suspense>
    );
  }
  return LazyPage;
}

export const NotFoundPage = lazyPage(() => import('./StatusPages').then((m) => m.NotFoundPage));
export const ForbiddenPage = lazyPage(() => import('./StatusPages').then((m) => m.ForbiddenPage));
export const LicensePage = lazyPage(() => import('./StatusPages').then((m) => m.LicensePage));
export const LoginPage = lazyPage(() => import('../login/LoginPage').then((m) => m.LoginPage));
export const LazyViewNotFound = lazyPage(() => import('../federation/ViewNotFound').then((m) => m.ViewNotFound));
