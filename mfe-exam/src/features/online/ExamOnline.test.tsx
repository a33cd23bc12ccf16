import { describe, expect, it } from '@rstest/core';
import { screen, waitFor } from '@testing-library/react';
import { okReply } from '@exam/api/testing';
import { ClientExamCalls } from '@exam/contracts';
import { renderWithStore, withTestServer } from '@exam/ui/testing';
import { firstCalls } from '../../firstCalls';
import ExamOnline from './ExamOnline';

const t = withTestServer();

describe('ExamOnline', () => {
  it('first asks for exactly the page the shell asks for ahead of it (firstCalls), so that early reply is used', async () => {
    t.server.route(ClientExamCalls.minePaging.url, okReply({ records: [], total: 0, current: 1, size: 10, pages: 0 }));
    renderWithStore(<ExamOnline />);
    await waitFor(() =>
      expect(t.server.requests.filter((r) => r.path === ClientExamCalls.minePaging.url)).toHaveLength(1),
    );
    const [declared] = firstCalls.ExamOnline({});
    const { t: _sent, ...sent } = t.server.requests[0].json as Record<string, unknown>;
    expect(t.server.requests[0].path).toBe(declared.url);
    expect(JSON.stringify(sent)).toBe(JSON.stringify(declared.body)); // the same text: the early reply is found by it
    expect(await screen.findByText('暂无相关数据！')).toBeTruthy();
  });
});
