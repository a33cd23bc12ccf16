import { afterAll, afterEach, beforeAll, describe, expect, it, rs } from '@rstest/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { configureApi } from '@exam/api';
import { okReply, startTestServer, type TestServer } from '@exam/api/testing';
import { api, store } from '@exam/store';
import { ExamCalls, GroupCalls } from '@exam/contracts';
import { ExamPickerDialog, GroupSelect } from '../index';
import { renderWithStore, resetScreen } from '../testing';

let server: TestServer;
const exam = (id: string, title: string, offline = false) => ({
  id,
  title,
  state: 0,
  openType: 1,
  startTime: '2026-01-01 09:00:00',
  endTime: '2026-01-01 11:00:00',
  totalTime: 60,
  totalScore: 100,
  qualifyScore: 60,
  chance: 0,
  price: 0,
  examType: 1,
  examType_dictText: '正式考试',
  offline,
  createTime: '',
});

beforeAll(async () => {
  server = await startTestServer();
  configureApi({ baseUrl: server.url });
  server.route(ExamCalls.paging.url, (req) => {
    const title = (req.json as { params?: { title?: string } }).params?.title;
    const rows = [exam('e1', '期末考试'), exam('e2', '线下实操', true)].filter(
      (r) => !title || r.title.includes(title),
    );
    return okReply({ records: rows, total: 23, pages: 3, current: 1, size: 10 });
  });
  server.route(
    GroupCalls.paging.url,
    okReply({
      records: [{ id: 'g1', groupName: '新员工', userCount: 3, createTime: '' }],
      total: 1,
      pages: 1,
      current: 1,
      size: 100,
    }),
  );
});
afterAll(() => server.close());
afterEach(() => {
  resetScreen();
  store.dispatch(api.util.resetApiState());
  server.requests.length = 0;
});

const okButton = () => screen.getByRole('button', { name: /确\s*定/ });

describe('ExamPickerDialog', () => {
  it('lists 10 a page with offline exams marked, counts the picks on the button and hands them over', async () => {
    const onOk = rs.fn();
    renderWithStore(<ExamPickerDialog visible excludes={['e9']} onCancel={() => undefined} onOk={onOk} />);
    expect(await screen.findByText('期末考试')).toBeTruthy();
    expect(screen.getByText('线下')).toBeTruthy();
    expect(screen.getAllByText('2026-01-01 09:00:00 ~ 2026-01-01 11:00:00')).toHaveLength(2);
    expect(server.requests.find((r) => r.path === ExamCalls.paging.url)!.json).toMatchObject({
      current: 1,
      size: 10,
      params: { excludes: ['e9'] },
    });
    expect(okButton().textContent).toContain('（0）');
    fireEvent.click(okButton());
    expect(await screen.findByText('请至少选择一条数据！')).toBeTruthy();
    const boxes = document.querySelectorAll('.arco-table input[type="checkbox"]');
    fireEvent.click(boxes[1]);
    fireEvent.click(boxes[2]);
    await waitFor(() => expect(okButton().textContent).toContain('（2）'));
    fireEvent.click(okButton());
    expect(onOk.mock.calls[0][0].map((e: { id: string }) => e.id)).toEqual(['e1', 'e2']);
  });

  it('searches by title from the first page', async () => {
    renderWithStore(<ExamPickerDialog visible onCancel={() => undefined} onOk={() => undefined} />);
    expect(await screen.findByText('期末考试')).toBeTruthy();
    const box = screen.getByPlaceholderText('搜索考试名称');
    fireEvent.change(box, { target: { value: '线下' } });
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(screen.queryByText('期末考试')).toBeNull());
    expect(server.requests.filter((r) => r.path === ExamCalls.paging.url).at(-1)!.json).toMatchObject({
      current: 1,
      params: { title: '线下' },
    });
  });
});

describe('GroupSelect', () => {
  it('loads 100 groups and offers them by name', async () => {
    renderWithStore(<GroupSelect />);
    await waitFor(() => expect(server.requests.find((r) => r.path === GroupCalls.paging.url)).toBeTruthy());
    expect(server.requests.find((r) => r.path === GroupCalls.paging.url)!.json).toMatchObject({
      current: 1,
      size: 100,
    });
    fireEvent.click(document.querySelector('.arco-select')!);
    expect(await screen.findByText('新员工')).toBeTruthy();
  });
});
