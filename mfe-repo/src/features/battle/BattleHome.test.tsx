import { describe, expect, it } from '@rstest/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { okReply } from '@exam/api/testing';
import { type BattleCard, BattleClientCalls } from '@exam/contracts';
import { MemoryRouter, Route, Routes, useLocation } from '@exam/router';
import { renderWithStore, withTestServer } from '@exam/ui/testing';
import BattleHome from './BattleHome';

const t = withTestServer();

const card = (over: Partial<BattleCard>): BattleCard => ({
  id: 'b1',
  title: '双人赛',
  cover: '',
  mode: 1,
  mode_dictText: '双人对战',
  quCount: 5,
  quSeconds: 15,
  startTime: '',
  endTime: '',
  winPoints: 10,
  joinPoints: 2,
  dailyLimit: 0,
  playedToday: 0,
  myBest: 0,
  ...over,
});
const page = (records: unknown[]) => okReply({ records, total: records.length, current: 1, size: 12, pages: 1 });

function Where() {
  const l = useLocation();
  return <p data-testid="at">{l.pathname + l.search}</p>;
}

describe('BattleHome', () => {
  it('starts matching from a card (the play screen queues for that battle); a used-up daily limit says so', async () => {
    t.server.route(
      BattleClientCalls.paging.url,
      page([card({}), card({ id: 'b2', title: '四人赛', mode: 2, dailyLimit: 2, playedToday: 2, myBest: 350 })]),
    );
    renderWithStore(
      <MemoryRouter initialEntries={['/pages/battle']}>
        <Routes>
          <Route path="/pages/battle" element={<BattleHome />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    const used = await screen.findByRole('button', { name: /今日次数已用完/ });
    expect((used as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('2 / 2')).toBeTruthy();
    expect(screen.getByText('350')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /开始匹配/ }));
    await waitFor(() => expect(screen.getByTestId('at').textContent).toBe('/pages/battle/play/new?battle=b1'));
  });

  it('shows the learner’s own rounds under 我的战绩: the outcome, or the place in a hosted contest', async () => {
    t.server.route(BattleClientCalls.paging.url, page([]));
    const round = { roundId: 'r1', battleId: 'b1', title: '双人赛', mode: 1, score: 300, rightCount: 3, quCount: 5 };
    t.server.route(
      BattleClientCalls.history.url,
      page([
        { ...round, rank: 1, playerCount: 2, result: 'win', points: 12, createTime: '2026-11-27 10:00:00' },
        { ...round, roundId: 'r2', mode: 3, rank: 4, playerCount: 30, result: '', points: 0, createTime: '' },
      ]),
    );
    renderWithStore(
      <MemoryRouter>
        <BattleHome />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('tab', { name: '我的战绩' }));
    expect(await screen.findByText('胜利')).toBeTruthy();
    expect(screen.getByText('积分 +12')).toBeTruthy();
    expect(screen.getByText('第 4 / 30 名')).toBeTruthy();
  });
});
