import { describe, expect, it } from '@rstest/core';
import { call } from '@exam/server-kit/testing';
import { graded, saveExam, examTestAppPerFile } from './fixture';

const ctx = examTestAppPerFile();

const CLOSED = '该题库仅供考试使用，不对学员开放！';

describe('a bank marked exam only (仅考试使用)', () => {
  it('is closed to learners everywhere, still drawn from by exams, and opens again when unmarked', async () => {
    const admin = (url: string, body: unknown) => call(ctx.app, url, body, ctx.admin);
    const me = (url: string, body: unknown) => call(ctx.app, url, body, ctx.learner);
    // Before: the learner trains on the demo bank and keeps a wrong question in the book.
    const before = (await me('/api/repo/train/start', { repoId: 'r-demo-2', trainMode: 'sequence' })).body.data.id;
    const [first] = (await me('/api/repo/train/card', { id: before })).body.data;
    expect((await me('/api/client/repo/join', { id: 'r-demo-2' })).body.data).toEqual({ hasJoin: true });

    const detail = (await admin('/api/repo/detail', { id: 'r-demo-2' })).body.data;
    expect(detail.examOnly).toBe(false);
    expect((await admin('/api/repo/save', { ...detail, examOnly: true })).status).toBe(200);
    expect((await admin('/api/repo/detail', { id: 'r-demo-2' })).body.data.examOnly).toBe(true);

    const open = (await me('/api/client/repo/open-paging', { current: 1, size: 50 })).body.data.records.map(
      (r: { id: string }) => r.id,
    );
    expect(open).toContain('r-demo-1');
    expect(open).not.toContain('r-demo-2');
    expect((await me('/api/client/repo/mine-paging', { current: 1, size: 50 })).body.data.total).toBe(0);
    for (const [url, body] of [
      ['/api/repo/train/start', { repoId: 'r-demo-2', trainMode: 'repo_rem' }],
      ['/api/client/repo/detail-for-train', { id: 'r-demo-2' }],
      ['/api/client/repo/join', { id: 'r-demo-2' }],
      ['/api/client/book/find-mark', { refType: 'repo', refId: 'r-demo-2', quId: first.quId }],
    ] as const) {
      const r = await me(url, body);
      expect([url, r.status]).toEqual([url, 404]);
    }
    expect((await me('/api/repo/train/start', { repoId: 'r-demo-2', trainMode: 'repo_rem' })).body.msg).toBe(CLOSED);

    // Exams still draw from it.
    const examId = await saveExam(ctx, {
      title: '仅考试题库',
      qualifyScore: 1,
      rules: [{ title: '单选题', quType: 1, repoIds: ['r-demo-2'], count: 2, score: 5 }],
    });
    const paper = await me('/api/paper/paper/create-paper', { examId });
    expect(paper.status).toBe(200);
    await me('/api/paper/paper/hand-exam', { id: paper.body.data.id });
    await graded(ctx.app, [paper.body.data.id]);

    expect((await admin('/api/repo/save', { ...detail, examOnly: false })).status).toBe(200);
    expect((await me('/api/repo/train/start', { repoId: 'r-demo-2', trainMode: 'repo_rem' })).status).toBe(200);
  });
});
