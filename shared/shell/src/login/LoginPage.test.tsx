import { afterEach, describe, expect, it } from '@rstest/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from '@exam/router';
import type { PublicSiteData } from '@exam/contracts';
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { api, fetchSite, sessionSlice } from '@exam/store';
import { LoginPage } from './LoginPage';

const siteWith = (props: Partial<PublicSiteData['props']>) =>
  ({ siteName: '考试', props: { userReg: true, ...props } }) as unknown as PublicSiteData;
// A store per test: whether the site call has answered is part of what is tested.
let store = newStore();
function newStore() {
  return configureStore({
    reducer: combineSlices(sessionSlice, api),
    middleware: (get) => get().concat(api.middleware),
  });
}
const renderPage = () =>
  render(
    <Provider store={store}>
      <MemoryRouter>
        <LoginPage />
      </MemoryRouter>
    </Provider>,
  );

afterEach(() => {
  cleanup();
  store = newStore();
});

describe('LoginPage', () => {
  it('shows the form once the site switches are known, whole with its tabs, so nothing moves under the pointer', async () => {
    renderPage();
    expect(screen.queryByPlaceholderText('账号')).toBeNull();
    act(() => {
      store.dispatch(fetchSite.fulfilled(siteWith({ faceLogin: true }), 'test'));
    });
    // The tabs load on demand (a chunk of their own); the form waits for them and comes with them.
    expect(await screen.findByRole('tab', { name: '人脸登录' })).toBeTruthy();
    expect(screen.getByPlaceholderText('账号')).toBeTruthy();
  });

  it('shows the password form when the site call fails (the sign-in itself may still work)', () => {
    renderPage();
    act(() => {
      store.dispatch(fetchSite.rejected(new Error('down'), 'test'));
    });
    expect(screen.getByPlaceholderText('密码')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('shows the password form alone, without tabs, when no other sign-in is switched on', () => {
    store.dispatch(fetchSite.fulfilled(siteWith({}), 'test'));
    renderPage();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.getByPlaceholderText('密码')).toBeTruthy();
  });
});
