import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@rstest/core';
import { configureApi, getToken, setToken } from '@exam/api';
import { errorReply, okReply, startTestServer, type TestServer } from '@exam/api/testing';
import { Calls } from '@exam/contracts';
import { createSlice } from '@reduxjs/toolkit';
import {
  fetchInfo,
  fetchRoutes,
  fetchSite,
  fetchUnread,
  injectReducer,
  login,
  logout,
  resetSession,
  selectIsSignedIn,
  selectPermissions,
  selectRoutes,
  selectSite,
  selectUnread,
  selectUser,
  setUnread,
  store,
} from './index';

const user = {
  id: 'u1',
  userName: 'admin',
  realName: '管理员',
  avatar: '',
  mobile: '',
  deptCode: 'D1',
  deptCode_dictText: '总部',
  roleType: 2,
  roles: ['sa'],
  permissions: ['sys:user:add'],
  unreadMsg: 3,
  points: 0,
  token: 't-9',
};
const routes = [{ path: '/sys', name: 'Sys', component: 'Layout', hidden: false, meta: { title: '系统' } }];
const site = {
  id: '1',
  siteName: '考试',
  backLogo: '',
  frontLogo: '',
  copyRight: '',
  props: {
    moduleCourse: true,
    moduleExam: true,
    moduleBattle: false,
    moduleCert: false,
    realPerson: false,
    faceLogin: false,
    mobileLogin: false,
    userReg: true,
  },
};

let server: TestServer;
const state = () => store.getState();
const lastBody = () => server.requests.at(-1)?.json;

beforeAll(async () => {
  server = await startTestServer();
  configureApi({ baseUrl: server.url, onAuthExpired: () => {}, onLicense: () => {} });
  server.route(Calls.login.url, okReply({ token: 't-9' }));
  server.route(Calls.info.url, okReply(user));
  server.route(Calls.routes.url, okReply(routes));
  server.route(Calls.siteDetail.url, okReply(site));
  server.route(Calls.countUnread.url, okReply(7));
});
afterAll(() => server.close());
beforeEach(() => {
  store.dispatch(resetSession());
});

describe('session thunks', () => {
  it('login stores the token in the cookie and the state', async () => {
    await store.dispatch(login({ username: 'admin', password: 'Secret#123' })).unwrap();
    expect(lastBody()).toEqual({ username: 'admin', password: 'Secret#123' });
    expect(getToken()).toBe('t-9');
    expect(document.cookie).toContain('token=t-9');
    expect(selectIsSignedIn(state())).toBe(true);
  });

  it('a failed login rejects with the code so the page can ask for a captcha', async () => {
    server.route(Calls.login.url, errorReply(90010002, '请输入验证码'));
    await expect(store.dispatch(login({ username: 'a', password: 'b' })).unwrap()).rejects.toMatchObject({
      code: 90010002,
      msg: '请输入验证码',
    });
    server.route(Calls.login.url, okReply({ token: 't-9' }));
  });

  it('fetchInfo fills user, roles, permissions and unread', async () => {
    await store.dispatch(fetchInfo());
    expect(selectUser(state())?.realName).toBe('管理员');
    expect(state().session.roles).toEqual(['sa']);
    expect(selectPermissions(state())).toEqual(['sys:user:add']);
    expect(selectUnread(state())).toBe(3);
  });

  it('fetchRoutes asks for one terminal and marks routes loaded', async () => {
    await store.dispatch(fetchRoutes('admin'));
    expect(lastBody()).toEqual({ terminal: 'admin' });
    expect(selectRoutes(state())).toEqual(routes);
    expect(state().session.routesLoaded).toBe(true);
  });

  it('fetchSite reads config 1', async () => {
    await store.dispatch(fetchSite());
    expect(lastBody()).toEqual({ id: '1' });
    expect(selectSite(state())?.siteName).toBe('考试');
  });

  it('fetchUnread and setUnread set the count', async () => {
    await store.dispatch(fetchUnread());
    expect(selectUnread(state())).toBe(7);
    store.dispatch(setUnread(0));
    expect(selectUnread(state())).toBe(0);
  });

  it('logout ends the session even when the server call fails', async () => {
    setToken('t-9');
    await store.dispatch(login({ username: 'admin', password: 'x' }));
    await store.dispatch(fetchInfo());
    await store.dispatch(fetchRoutes('web'));
    server.route(Calls.logout.url, { status: 500, body: 'down' });
    await store.dispatch(logout());
    expect(getToken()).toBe('');
    expect(state().session).toMatchObject({ token: '', user: null, permissions: [], routes: [], routesLoaded: false });
    expect(selectSite(state())).not.toBeNull();
  });

  it('an expired session (10010002) resets the state with the cookie', async () => {
    await store.dispatch(login({ username: 'admin', password: 'x' }));
    server.route(Calls.info.url, errorReply(10010002, '登录超时', 401));
    await store.dispatch(fetchInfo());
    expect(getToken()).toBe('');
    expect(selectIsSignedIn(state())).toBe(false);
    server.route(Calls.info.url, okReply(user));
  });

  it('resetSession clears the cookie and the state', async () => {
    await store.dispatch(login({ username: 'admin', password: 'x' }));
    store.dispatch(resetSession());
    expect(getToken()).toBe('');
    expect(selectIsSignedIn(state())).toBe(false);
  });
});

describe('injectReducer', () => {
  it('adds a lazy slice with its initial state', () => {
    const counter = createSlice({ name: 'counter', initialState: { n: 1 }, reducers: {} });
    injectReducer('counter', counter.reducer);
    expect((state() as Record<string, unknown>).counter).toEqual({ n: 1 });
  });
});
