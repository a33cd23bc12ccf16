import { call } from '@exam/server-kit/testing';
import { describe, expect, it } from '@rstest/core';
import { examBody, saveExam, examTestAppPerFile } from '../testing/fixture';

const ctx = examTestAppPerFile();

const COVER = '/api/common/file/get/2026/11/exam-cover.png';
const records = async (url: string, token: string, params: object) =>
  (await call(ctx.app, url, { current: 1, size: 100, params }, token)).body.data.records as {
    id: string;
    cover: string;
  }[];

describe('exam cover', () => {
  it('is saved, read back by the admin and the learner, and shown in every exam list', async () => {
    const id = await saveExam(ctx, { title: '封面考试', cover: ` ${COVER} ` });
    expect((await call(ctx.app, '/api/exam/exam/detail', { id }, ctx.admin)).body.data.cover).toBe(COVER);
    expect((await call(ctx.app, '/api/exam/exam/detail', { id }, ctx.learner)).body.data.cover).toBe(COVER);
    expect(
      (await records('/api/exam/exam/paging', ctx.admin, { title: '封面考试' })).find((r) => r.id === id)?.cover,
    ).toBe(COVER);
    expect(
      (await records('/api/client/exam/open-paging', ctx.learner, { title: '封面考试' })).find((r) => r.id === id)
        ?.cover,
    ).toBe(COVER);
    await call(ctx.app, '/api/client/exam/join', { id }, ctx.learner);
    expect(
      (await records('/api/client/exam/mine-paging', ctx.learner, { title: '封面考试' })).find((r) => r.id === id)
        ?.cover,
    ).toBe(COVER);
  });

  it('is empty (the default cover) when none is given, and refuses an over-long address', async () => {
    const id = await saveExam(ctx, { title: '无封面考试' });
    expect((await call(ctx.app, '/api/exam/exam/detail', { id }, ctx.admin)).body.data.cover).toBe('');
    const r = await call(ctx.app, '/api/exam/exam/save', examBody({ cover: 'x'.repeat(1001) }), ctx.admin);
    expect(r.status).toBe(400);
  });
});
