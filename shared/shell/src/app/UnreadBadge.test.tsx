import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { setUnread, store } from '@exam/store';
import { UnreadBadge } from './UnreadBadge';

const badge = (c: HTMLElement) => c.querySelector('.arco-badge-text')?.textContent ?? null;

describe("UnreadBadge (both shells' header)", () => {
  afterEach(() => {
    rs.restoreAllMocks();
    act(() => void store.dispatch(setUnread(0)));
  });

  it('shows the unread count, none at 0 and 99+ above 99', () => {
    const { container } = render(
      <Provider store={store}>
        <UnreadBadge>
          <span>头像</span>
        </UnreadBadge>
      </Provider>,
    );
    expect(badge(container)).toBeNull();
    act(() => void store.dispatch(setUnread(7)));
    expect(badge(container)).toBe('7');
    act(() => void store.dispatch(setUnread(99)));
    expect(badge(container)).toBe('99');
    act(() => void store.dispatch(setUnread(120)));
    expect(badge(container)).toBe('99+');
    act(() => void store.dispatch(setUnread(0)));
    expect(badge(container)).toBeNull();
  });

  it('appears without reading the layout (a forced page layout mid-render)', () => {
    const read = rs.spyOn(HTMLElement.prototype, 'scrollTop', 'get');
    act(() => void store.dispatch(setUnread(3)));
    const { container } = render(
      <Provider store={store}>
        <UnreadBadge>
          <span>头像</span>
        </UnreadBadge>
      </Provider>,
    );
    expect(badge(container)).toBe('3');
    expect(read).not.toHaveBeenCalled();
  });
});
