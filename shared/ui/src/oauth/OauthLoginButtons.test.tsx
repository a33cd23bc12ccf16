import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { configureApi } from '@exam/api';
import { okReply, startTestServer, type TestServer } from '@exam/api/testing';
import { store } from '@exam/store';
import { OauthCalls } from '@exam/contracts';
import { OauthLoginButtons, oauthApi, useOauthResult } from '../index';
import { renderWithStore, resetScreen } from '../testing';

let server: TestServer;
let providers: { type: string; title: string }[] = [];
const assigned: string[] = [];
beforeAll(async () => {
  server = await startTestServer();
  configureApi({ baseUrl: server.url, notify: () => {} });
  server.route(OauthCalls.providers.url, () => okReply(providers));
  server.route(OauthCalls.start.url, () => okReply({ url: 'https://login.dingtalk.com/oauth2/auth?state=s' }));
  const { origin, href } = window.location;
  // Leaving for the provider is recorded, not done.
  Object.defineProperty(window, 'location', {
    configurable: true,
    value: { origin, href, assign: (u: string) => assigned.push(u) },
  });
});
afterAll(() => server.close());
afterEach(() => {
  resetScreen();
  store.dispatch(oauthApi.util.resetApiState());
  server.requests.length = 0;
});

function Result({ search }: { search: string }) {
  useOauthResult(search);
  return null;
}

describe('third-party sign-in buttons', () => {
  it('nothing when no provider is switched on', async () => {
    providers = [];
    renderWithStore(<OauthLoginButtons />);
    await waitFor(() => expect(server.requests.some((r) => r.path === OauthCalls.providers.url)).toBe(true));
    expect(screen.queryByText('其他登录方式')).toBeNull();
  });

  it('a button per provider; a click starts the flow on this host and leaves for the provider', async () => {
    providers = [
      { type: 'wechat', title: '微信' },
      { type: 'ding', title: '钉钉' },
    ];
    renderWithStore(<OauthLoginButtons redirect="/pages/exam" />);
    expect(await screen.findByText('微信登录')).toBeTruthy();
    fireEvent.click(screen.getByText('钉钉登录'));
    await waitFor(() => expect(assigned).toContain('https://login.dingtalk.com/oauth2/auth?state=s'));
    expect(server.requests.find((r) => r.path === OauthCalls.start.url)!.json).toEqual({
      type: 'ding',
      intent: 'login',
      origin: window.location.origin,
      redirect: '/pages/exam',
    });
  });

  it('shows the callback outcome in its own words, and nothing for a key it does not know', async () => {
    renderWithStore(<Result search="?oauth=unbound" />);
    expect(await screen.findByText('该第三方账号尚未绑定，请先使用账号登录后在个人中心绑定！')).toBeTruthy();
    resetScreen();
    renderWithStore(<Result search="?oauth=请拨打客服电话" />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('请拨打客服电话')).toBeNull();
  });
});
