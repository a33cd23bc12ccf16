import { describe, expect, it } from '@rstest/core';
import { act, renderHook, waitFor } from '@testing-library/react';
import { errorReply, okReply } from '@exam/api/testing';
import { Code, PaperCalls } from '@exam/contracts';
import { withTestServer } from '@exam/ui/testing';
import { firstCalls } from '../../firstCalls';
import { storageKey } from './saveQueue';
import { useExamPaper } from './useExamPaper';

const t = withTestServer();

/** A paper of one unanswered question (only what the hook reads). */
const paperView = (id: string) => ({
  id,
  title: '试卷',
  leftSeconds: 600,
  groupList: [{ title: '单选', quList: [{ id: 'i1', quId: 'q1', answered: false, mark: false }] }],
  quList: [{ quId: 'q1', content: '1 + 1 = ?', myAnswer: {} }],
});

describe('useExamPaper', () => {
  it('asks for the paper with exactly the call the shell asks for ahead of the exam screen (firstCalls)', async () => {
    t.server.route(PaperCalls.paperView.url, errorReply(500, '稍后再试', 500));
    renderHook(() => useExamPaper('p-42', () => undefined));
    await waitFor(() => expect(t.server.requests.length).toBeGreaterThan(0));
    const [declared] = firstCalls.StartExam({ id: 'p-42' });
    expect(t.server.requests[0].path).toBe(declared.url);
    expect(JSON.stringify(t.server.requests[0].json)).toBe(JSON.stringify(declared.body));
  });

  it("takes a save's reply into the answer card and the time left", async () => {
    t.server.route(PaperCalls.paperView.url, okReply(paperView('p-1')));
    t.server.route(
      PaperCalls.fillAnswer.url,
      okReply({ quId: 'q1', answered: true, mark: true, seq: 1, stale: false, leftSeconds: 321 }),
    );
    const { result } = renderHook(() => useExamPaper('p-1', () => undefined));
    await waitFor(() => expect(result.current.paper?.id).toBe('p-1'));
    await act(() => result.current.saves.save('q1', { answers: ['o1'], mark: true }));
    expect(result.current.flags.q1).toEqual({ answered: true, mark: true });
    expect(result.current.saves.left).toEqual({ seconds: 321 });
  });

  it('drops the kept saves of a paper the server says is over', async () => {
    localStorage.setItem(storageKey('p-2'), JSON.stringify([{ paperId: 'p-2', quId: 'q1', seq: 5, answers: ['o1'] }]));
    t.server.route(PaperCalls.paperView.url, errorReply(Code.EXAM_OVER, '考试已结束'));
    t.server.route(PaperCalls.fillAnswer.url, errorReply(500, '稍后再试', 500));
    const overs: string[] = [];
    const { result } = renderHook(() => useExamPaper('p-2', (msg) => overs.push(msg)));
    expect(result.current.answers.q1).toEqual({ answers: ['o1'] });
    await waitFor(() => expect(overs).toEqual(['考试已结束']));
    expect(localStorage.getItem(storageKey('p-2'))).toBeNull();
  });
});
