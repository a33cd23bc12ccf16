import { useEffect, useRef } from 'react';
import { matchRoutes, useLocation, type RouteObject } from '@exam/router';
import { fetchSite, selectSite, useAppDispatch, useAppSelector } from '@exam/store';
import type { RouteHandle } from '../routes/buildRoutes';
import { applyExamCacheRule } from './examCache';

/** The handle of the deepest matched route that has one. */
export function matchedHandle(routes: RouteObject[], pathname: string): RouteHandle | undefined {
  const matches = matchRoutes(routes, pathname) ?? [];
  return matches
    .map((m) => m.route.handle as RouteHandle | undefined)
    .filter(Boolean)
    .pop();
}

/** Per navigation: page title, scroll to top, and the exam-process-cache rule (spec §2). Returns the handle. */
export function useNavigationEffects(routes: RouteObject[]): RouteHandle | undefined {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const site = useAppSelector(selectSite);
  const handle = matchedHandle(routes, pathname);
  const previousName = useRef<string | undefined>(undefined);
  const siteRequested = useRef(false);

  useEffect(() => {
    if (!site && !siteRequested.current) {
      siteRequested.current = true;
      dispatch(fetchSite());
    }
  }, [site, dispatch]);

  const title = handle?.title ?? '';
  useEffect(() => {
    const siteName = site?.siteName ?? '';
    document.title = siteName && title ? `${siteName} - ${title}` : siteName || title;
  }, [site, title]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  const name = handle?.name;
  useEffect(() => {
    applyExamCacheRule(previousName.current, name, localStorage, (ms) => setTimeout(() => location.reload(), ms));
    previousName.current = name;
  }, [pathname, name]);

  return handle;
}
