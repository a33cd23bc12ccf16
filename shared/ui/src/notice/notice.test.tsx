import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import { fireEvent, screen } from '@testing-library/react';
import { configureApi } from '@exam/api';
import { okReply, startTestServer, type TestServer } from '@exam/api/testing';
import { NoticeCalls } from '@exam/contracts';
import { NoticeCard } from '../index';
import { renderWithStore, resetScreen } from '../testing';

let server: TestServer;
const notices = [
  {
    id: 'n1',
    title: '停电通知',
    content: '<p><strong>周六</strong>停电</p>',
    state: 0,
    createTime: '2026-11-20 10:00:00',
  },
  { id: 'n2', title: '考试安排', content: '<p>下周考试</p>', state: 0, createTime: '2026-11-19 09:00:00' },
];
beforeAll(async () => {
  server = await startTestServer();
  configureApi({ baseUrl: server.url, notify: () => {} });
  server.route(NoticeCalls.paging.url, okReply({ records: notices, total: 2, pages: 1, current: 1, size: 6 }));
});
afterAll(() => server.close());
afterEach(() => {
  resetScreen();
  server.requests.length = 0;
});

describe('NoticeCard', () => {
  it('asks for 6 published notices, or 4 when small', async () => {
    renderWithStore(<NoticeCard />);
    expect(await screen.findByText('停电通知')).toBeTruthy();
    expect(server.requests[0].json).toMatchObject({ current: 1, size: 6, params: { state: 0 } });
    resetScreen();
    server.requests.length = 0;
    renderWithStore(<NoticeCard small />);
    await screen.findByText('停电通知');
    expect(server.requests[0].json).toMatchObject({ size: 4 });
  });

  it('opens a notice in the view dialog', async () => {
    renderWithStore(<NoticeCard />);
    fireEvent.click(await screen.findByText('停电通知'));
    expect((await screen.findByText('周六')).tagName).toBe('STRONG');
    expect(screen.getByText('发布时间：2026-11-20 10:00:00')).toBeTruthy();
  });
});
