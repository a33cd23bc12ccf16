import { describe, expect, it } from '@rstest/core';
import { renderHook, waitFor } from '@testing-library/react';
import { errorReply } from '@exam/api/testing';
import { PaperCalls } from '@exam/contracts';
import { withTestServer } from '@exam/ui/testing';
import { firstCalls } from '../../firstCalls';
import { useExamPaper } from './useExamPaper';

const t = withTestServer();

describe('useExamPaper', () => {
  it('asks for the paper with exactly the call the shell asks for ahead of the exam screen (firstCalls)', async () => {
    t.server.route(PaperCalls.paperView.url, errorReply(500, '稍后再试', 500));
    renderHook(() => useExamPaper('p-42', () => undefined));
    await waitFor(() => expect(t.server.requests.length).toBeGreaterThan(0));
    const [declared] = firstCalls.StartExam({ id: 'p-42' });
    expect(t.server.requests[0].path).toBe(declared.url);
    expect(JSON.stringify(t.server.requests[0].json)).toBe(JSON.stringify(declared.body));
  });
});
