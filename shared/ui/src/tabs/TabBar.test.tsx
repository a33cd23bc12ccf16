import { afterEach, describe, expect, it } from '@rstest/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { TabBar, TabPanel } from '../index';

const TABS = [
  { key: 'a', title: '全部' },
  { key: 'b', title: '待开始' },
  { key: 'c', title: '已出分' },
];

function Tabs({ onPanel, destroyOnHide }: { onPanel?: (key: string) => void; destroyOnHide?: boolean }) {
  const [active, setActive] = useState('a');
  return (
    <>
      <TabBar tabs={TABS} active={active} onChange={setActive} />
      {TABS.map((t) => (
        <TabPanel key={t.key} active={active === t.key} destroyOnHide={destroyOnHide}>
          <Counter name={t.key} onMount={onPanel} />
        </TabPanel>
      ))}
    </>
  );
}

function Counter({ name, onMount }: { name: string; onMount?: (key: string) => void }) {
  const [n, setN] = useState(0);
  useState(() => onMount?.(name)); // an initial state runs once per mount: tells when a panel is drawn anew
  return <button type="button" onClick={() => setN(n + 1)}>{`${name}:${n}`}</button>;
}

const selected = () =>
  screen
    .getAllByRole('tab')
    .filter((t) => t.getAttribute('aria-selected') === 'true')
    .map((t) => t.textContent);

describe('TabBar', () => {
  afterEach(cleanup);

  it('marks the chosen tab, and only it is in the tab order', () => {
    render(<Tabs />);
    expect(selected()).toEqual(['全部']);
    fireEvent.click(screen.getByRole('tab', { name: '待开始' }));
    expect(selected()).toEqual(['待开始']);
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, 0, -1]);
  });

  it('moves with the arrow keys, wrapping at the ends, and Home and End, taking the focus along', () => {
    render(<Tabs />);
    const list = screen.getByRole('tablist');
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    expect(selected()).toEqual(['已出分']);
    expect(document.activeElement?.textContent).toBe('已出分');
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(selected()).toEqual(['全部']);
    fireEvent.keyDown(list, { key: 'End' });
    expect(selected()).toEqual(['已出分']);
    fireEvent.keyDown(list, { key: 'Home' });
    expect(selected()).toEqual(['全部']);
    fireEvent.keyDown(list, { key: 'a' });
    expect(selected()).toEqual(['全部']);
  });

  it('draws a panel only once its tab is chosen, then keeps it (and its state) while another tab shows', () => {
    const mounted: string[] = [];
    render(<Tabs onPanel={(k) => mounted.push(k)} />);
    expect(mounted).toEqual(['a']);
    fireEvent.click(screen.getByRole('button', { name: 'a:0' }));
    fireEvent.click(screen.getByRole('tab', { name: '待开始' }));
    expect(mounted).toEqual(['a', 'b']);
    expect(screen.getByRole('button', { name: 'b:0' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'a:1' })).toBeNull(); // hidden, not gone
    fireEvent.click(screen.getByRole('tab', { name: '全部' }));
    expect(screen.getByRole('button', { name: 'a:1' })).toBeTruthy();
    expect(mounted).toEqual(['a', 'b']);
  });

  it('with destroyOnHide, draws a panel anew each time its tab is chosen', () => {
    const mounted: string[] = [];
    render(<Tabs onPanel={(k) => mounted.push(k)} destroyOnHide />);
    fireEvent.click(screen.getByRole('button', { name: 'a:0' }));
    fireEvent.click(screen.getByRole('tab', { name: '待开始' }));
    fireEvent.click(screen.getByRole('tab', { name: '全部' }));
    expect(mounted).toEqual(['a', 'b', 'a']);
    expect(screen.getByRole('button', { name: 'a:0' })).toBeTruthy();
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
  });
});
