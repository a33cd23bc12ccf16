import { describe, expect, it } from '@rstest/core';
import type { RouteNode } from '@exam/contracts';
import {
  decideNavigation,
  isVisitorPath,
  loginUrl,
  redirectAfterLogin,
  refusesAccess,
  type NavigationState,
} from './access';
import { applyExamCacheRule, EXAM_CACHE_KEY, leavesExam } from './examCache';

const node = (path: string, children?: RouteNode[], extra: Partial<RouteNode> = {}): RouteNode => ({
  path,
  name: path.replace(/\W/g, '') || 'root',
  component: 'x/Y',
  hidden: false,
  meta: { title: path },
  children,
  ...extra,
});

const state = (over: Partial<NavigationState>): NavigationState => ({
  path: '/pages/exam',
  fullPath: '/pages/exam',
  signedIn: true,
  routesLoaded: true,
  routes: [],
  ...over,
});

describe('visitor whitelist', () => {
  it('lets visitors open the spec prefixes only, on whole segments', () => {
    for (const path of [
      '/pages/login/login',
      '/pages/login/register',
      '/pages/login/forgot',
      '/pages/login/sync',
      '/401',
      '/404',
      '/license',
      '/pages/cam',
      '/pages/cam/check',
      '/pages/survey/9',
    ]) {
      expect(isVisitorPath(path)).toBe(true);
    }
    for (const path of ['/', '', '/pages/exam', '/4010', '/pages/camera', '/admin/401']) {
      expect(isVisitorPath(path)).toBe(false);
    }
  });

  it('sends a visitor elsewhere to login with the full path as redirect', () => {
    const decision = decideNavigation(state({ signedIn: false, path: '/pages/exam', fullPath: '/pages/exam?x=1' }));
    expect(decision).toEqual({ kind: 'redirect', to: '/pages/login/login?redirect=%2Fpages%2Fexam%3Fx%3D1' });
    expect(decideNavigation(state({ signedIn: false, path: '/404' }))).toEqual({ kind: 'allow' });
    expect(loginUrl('/')).toBe('/pages/login/login');
  });

  it('sends a visitor opening /login to the login page with nothing to come back to', () => {
    expect(decideNavigation(state({ signedIn: false, path: '/login', fullPath: '/login' }))).toEqual({
      kind: 'redirect',
      to: '/pages/login/login',
    });
    expect(loginUrl('/login?x=1')).toBe('/pages/login/login');
    expect(loginUrl('/loginx')).toBe('/pages/login/login?redirect=%2Floginx');
  });
});

describe('signed-in user', () => {
  const routes = [node('/pages', [node('exam'), node('repo')], { component: 'WebLayout' })];

  it('loads roles and routes first', () => {
    expect(decideNavigation(state({ routesLoaded: false }))).toEqual({ kind: 'load' });
  });

  it('goes from login, empty path or / to the index path', () => {
    for (const path of ['', '/', '/pages/login/login']) {
      expect(decideNavigation(state({ path, fullPath: path, routes }))).toEqual({
        kind: 'redirect',
        to: '/pages/exam',
      });
    }
    expect(decideNavigation(state({ path: '/pages/repo', routes }))).toEqual({ kind: 'allow' });
  });

  it('refuses an admin-side user with no routes, and anyone with no admin routes', () => {
    expect(refusesAccess([], 2, 'web')).toBe(true);
    expect(refusesAccess([], 1, 'web')).toBe(false);
    expect(refusesAccess([], 1, 'admin')).toBe(true);
    expect(refusesAccess(routes, 2, 'admin')).toBe(false);
  });
});

describe('redirect after login', () => {
  it('keeps app paths and drops anything that leaves the app', () => {
    expect(redirectAfterLogin('?redirect=%2Fpages%2Frepo%3Fa%3D1')).toBe('/pages/repo?a=1');
    expect(redirectAfterLogin('')).toBe('/');
    expect(redirectAfterLogin('?redirect=https%3A%2F%2Fevil.example')).toBe('/');
    expect(redirectAfterLogin('?redirect=%2F%2Fevil.example')).toBe('/');
    expect(redirectAfterLogin('?redirect=%2F%5Cevil.example')).toBe('/');
    // Issue 35 finding 3: a tab or newline passes a `//` check, and browsers strip it.
    for (const hostile of [
      '%2F%09%2Fevil.example%2Fphish',
      '%2F%0A%2Fevil.example',
      '%2F%0D%2Fevil.example',
      '%09%2F%2Fevil.example',
      'javascript%3Aalert(1)',
    ]) {
      expect(redirectAfterLogin(`?redirect=${hostile}`)).toBe('/');
    }
  });
});

describe('exam process cache', () => {
  const storage = (value: string | null) => {
    const data = new Map<string, string>(value === null ? [] : [[EXAM_CACHE_KEY, value]]);
    return { getItem: (k: string) => data.get(k) ?? null, removeItem: (k: string) => void data.delete(k), data };
  };

  it('detects leaving the exam routes only', () => {
    expect(leavesExam('StartExam', 'ExamOnline')).toBe(true);
    expect(leavesExam('ExamScreen', undefined)).toBe(true);
    expect(leavesExam('StartExam', 'ExamScreen')).toBe(false);
    expect(leavesExam('ExamOnline', 'StartExam')).toBe(false);
  });

  it('clears the flag and reloads after 1 s when it is yes', () => {
    const flag = storage('yes');
    const delays: number[] = [];
    expect(applyExamCacheRule('StartExam', 'ExamOnline', flag, (ms) => delays.push(ms))).toBe(true);
    expect(flag.data.has(EXAM_CACHE_KEY)).toBe(false);
    expect(delays).toEqual([1000]);
    expect(applyExamCacheRule('StartExam', 'ExamOnline', storage('no'), () => delays.push(0))).toBe(false);
    expect(delays).toEqual([1000]);
  });
});
