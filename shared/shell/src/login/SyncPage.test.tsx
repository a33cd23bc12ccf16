import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from '@exam/router';
import { configureApi, getToken } from '@exam/api';
import { errorReply, okReply, startTestServer, type TestServer } from '@exam/api/testing';
import { Calls, OauthCalls } from '@exam/contracts';
import { resetSession, store } from '@exam/store';
import { SyncPage } from './SyncPage';

let server: TestServer;
const USER = {
  id: 'u1',
  userName: 'learner',
  realName: '张小明',
  avatar: '',
  mobile: '',
  deptCode: '',
  deptCode_dictText: '',
  roleType: 1,
  roles: [],
  permissions: [],
  unreadMsg: 0,
  points: 0,
  token: 'session-token',
};
beforeAll(async () => {
  server = await startTestServer();
  configureApi({ baseUrl: server.url, notify: () => {} });
  server.route(OauthCalls.ticket.url, (req) =>
    req.json.ticket === 'good-ticket'
      ? okReply({ token: 'session-token' })
      : errorReply(10010001, '登录信息已失效，请重新登录！', 400),
  );
  server.route(Calls.info.url, okReply(USER));
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  store.dispatch(resetSession());
});

const open = (query: string) =>
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[`/pages/login/sync?${query}`]}>
        <Routes>
          <Route path="/pages/login/sync" element={<SyncPage />} />
          <Route path="/pages/exam" element={<div>考试列表</div>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );

describe('SyncPage (登录成功)', () => {
  it('trades a third-party ticket for the session and goes where the sign-in asked', async () => {
    open('ticket=good-ticket&redirect=/pages/exam');
    expect(await screen.findByText('考试列表')).toBeTruthy();
    expect(getToken()).toBe('session-token');
    expect(server.requests.find((r) => r.path === OauthCalls.ticket.url)!.json).toEqual({ ticket: 'good-ticket' });
  });

  it('a spent or made-up ticket explains and offers the login page, keeping no token', async () => {
    open('ticket=spent');
    expect(await screen.findByText('登录信息已失效，请重新登录！')).toBeTruthy();
    expect(screen.getByText('返回登录')).toBeTruthy();
    expect(getToken()).toBeFalsy();
  });

  it('refuses a session token in the address (login CSRF): nothing is asked of the server, nothing kept', async () => {
    const before = server.requests.length;
    open('token=session-token&redirect=/pages/exam');
    expect(await screen.findByText('登录信息缺失，请重新登录！')).toBeTruthy();
    expect(getToken()).toBeFalsy();
    expect(server.requests.length).toBe(before);
  });
});
