/** Helpers for this package's tests only. */
// Arco's Message and Modal render through createRoot on React 19 (what index.ts does for the bundles).
import '@arco-design/web-react/es/_util/react-19-adapter';
import type { ReactElement, ReactNode } from 'react';
import { afterAll, afterEach, beforeAll } from '@rstest/core';
import { Provider } from 'react-redux';
import { cleanup, render } from '@testing-library/react';
import { Message, Modal } from '@arco-design/web-react';
import { configureApi } from '@exam/api';
import { startTestServer, type TestServer } from '@exam/api/testing';
import { api, fetchInfo, resetSession, store } from '@exam/store';
import type { UserInfo } from '@exam/contracts';

const WithStore = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;

/** Renders inside the store's Provider; `rerender` keeps it. */
export const renderWithStore = (ui: ReactElement) => render(ui, { wrapper: WithStore });

/** Signs a user in the store holding exactly these permissions. */
export function grant(permissions: string[]): void {
  const user: UserInfo = {
    id: 'u1',
    userName: 'admin',
    realName: '管理员',
    avatar: '',
    mobile: '',
    deptCode: '',
    deptCode_dictText: '',
    roleType: 2,
    roles: ['sa'],
    permissions,
    unreadMsg: 0,
    points: 0,
    token: 't',
  };
  store.dispatch(fetchInfo.fulfilled(user, 'test'));
}

/** happy-dom has no media queries: the phone is a matchMedia that matches the breakpoint's query. */
export function asPhone(phone: boolean): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: phone && query.includes('max-width'),
      media: query,
      addEventListener() {},
      removeEventListener() {},
      // Arco's responsive grid still listens the old way.
      addListener() {},
      removeListener() {},
    }),
  });
}

/** Unmounts the tree and the dialogs and messages Arco renders outside it. */
export function resetScreen(): void {
  cleanup();
  Modal.destroyAll();
  Message.clear();
  store.dispatch(resetSession());
  store.dispatch(api.util.resetApiState()); // a test signed out already leaves the cache to the reset of a session
}

/**
 * The API test server of a test file: started before its tests with the client pointed at it, its recorded
 * requests and the screen cleared after each test, closed at the end. Read `.server` inside tests.
 */
export function withTestServer(notify: (msg: string) => void = () => undefined): { readonly server: TestServer } {
  const box = {} as { server: TestServer };
  beforeAll(async () => {
    box.server = await startTestServer();
    configureApi({ baseUrl: box.server.url, notify });
  });
  afterAll(() => box.server.close());
  afterEach(() => {
    resetScreen();
    box.server.requests.length = 0;
  });
  return box;
}
