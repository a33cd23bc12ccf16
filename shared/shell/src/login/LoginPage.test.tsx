import { afterEach, describe, expect, it } from '@rstest/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import type { PublicSiteData } from '@exam/contracts';
import { fetchSite, resetSession, store } from '@exam/store';
import { LoginPage } from './LoginPage';

const siteWith = (props: Partial<PublicSiteData['props']>) => ({ siteName: '考试', props: { userReg: true, ...props } }) as unknown as PublicSiteData;
const renderPage = () => render(<Provider store={store}><MemoryRouter><LoginPage /></MemoryRouter></Provider>);

afterEach(() => {
  cleanup();
  store.dispatch(resetSession());
});

describe('LoginPage', () => {
  it('keeps what was typed when the site switches arrive and a face tab appears', async () => {
    renderPage();
    fireEvent.change(screen.getByPlaceholderText('账号'), { target: { value: 'admin' } });
    act(() => {
      store.dispatch(fetchSite.fulfilled(siteWith({ faceLogin: true }), 'test'));
    });
    // The tabs load on demand (a chunk of their own): wait for them, then check the typed account survived.
    expect(await screen.findByRole('tab', { name: '人脸登录' })).toBeTruthy();
    expect((screen.getByPlaceholderText('账号') as HTMLInputElement).value).toBe('admin');
  });

  it('shows the password form alone, without tabs, when no other sign-in is switched on', () => {
    store.dispatch(fetchSite.fulfilled(siteWith({}), 'test'));
    renderPage();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.getByPlaceholderText('密码')).toBeTruthy();
  });
});
