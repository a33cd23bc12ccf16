import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { act, render, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { configureApi, setToken } from '@exam/api';
import { okReply, startTestServer, type TestServer } from '@exam/api/testing';
import { Calls } from '@exam/contracts';
import { contentShown, selectUnread, store } from '@exam/store';
import { useUnreadPolling } from './useUnreadPolling';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  configureApi({ baseUrl: server.url, notify: () => {} });
  server.route(Calls.countUnread.url, okReply(4));
  setToken('session-token');
});
afterAll(() => server.close());

function Header() {
  useUnreadPolling();
  return null;
}

const asked = () => server.requests.filter((r) => r.path === Calls.countUnread.url).length;

describe("useUnreadPolling (both shells' header badge)", () => {
  it('asks for the unread count only once the page content has shown, then fills the badge', async () => {
    render(
      <Provider store={store}>
        <Header />
      </Provider>,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(asked()).toBe(0); // the first load's own calls go first
    act(() => contentShown());
    await waitFor(() => expect(asked()).toBe(1));
    await waitFor(() => expect(selectUnread(store.getState())).toBe(4));
  });
});
