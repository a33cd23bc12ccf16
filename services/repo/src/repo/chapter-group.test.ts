import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { type RepoTest, noSecrets, repoTestApp } from '../testing/test-app';

let t: RepoTest;
let repoId = '';
let ch1 = '';
let ch2 = '';
const opt = (content: string, isRight = false) => ({ content, isRight });
const single = (chapterId?: string) => ({
  quType: 1,
  content: '单选',
  chapterId,
  answerList: [opt('A', true), opt('B')],
});
const judge = (chapterId?: string) => ({
  quType: 3,
  content: '判断',
  chapterId,
  answerList: [opt('对', true), opt('错')],
});

beforeAll(async () => {
  t = await repoTestApp();
  repoId = (await t.post('/api/repo/save', { title: '章节分组题库', isOpen: true }, t.admin)).body.data.id;
  ch1 = (await t.post('/api/repo/chapter/save', { repoId, title: '第一章' }, t.admin)).body.data.id;
  ch2 = (await t.post('/api/repo/chapter/save', { repoId, title: '第二章' }, t.admin)).body.data.id;
  await t.post('/api/repo/chapter/save', { repoId, title: '空章节' }, t.admin);
  for (const d of [
    single(ch1),
    single(ch1),
    judge(ch1),
    judge(ch2),
    single(),
    { quType: 4, content: '简答', refAnswer: 'r' },
  ]) {
    const r = await t.post('/api/qu/qu/save', { repoId, ...d }, t.admin);
    expect(r.status, r.body.msg).toBe(200);
  }
}, 120_000);
afterAll(() => t.app.close());

const group = (body: unknown, token = t.learner) => t.post('/api/repo/chapter-group', body, token);

describe('chapter-group', () => {
  it('counts the questions by chapter and type, chapters in order, questions without a chapter last', async () => {
    const r = await group({ repoId });
    noSecrets(r);
    expect(r.body.data).toEqual([
      {
        chapterId: ch1,
        title: '第一章',
        quCount: 3,
        types: [
          { quType: 1, title: '单选', count: 2 },
          { quType: 3, title: '判断', count: 1 },
        ],
      },
      { chapterId: ch2, title: '第二章', quCount: 1, types: [{ quType: 3, title: '判断', count: 1 }] },
      {
        chapterId: '',
        title: '未分章节',
        quCount: 2,
        types: [
          { quType: 1, title: '单选', count: 1 },
          { quType: 4, title: '简答', count: 1 },
        ],
      },
    ]);
  });

  it("counts a removed chapter's questions as without a chapter", async () => {
    const gone = (await t.post('/api/repo/chapter/save', { repoId, title: '将删除' }, t.admin)).body.data.id;
    await t.post('/api/qu/qu/save', { repoId, ...judge(gone) }, t.admin);
    expect((await t.post('/api/repo/chapter/delete', { ids: [gone] }, t.admin)).status).toBe(200);
    const rows = (await group({ repoId })).body.data as { chapterId: string; quCount: number }[];
    expect(rows.map((g) => g.chapterId)).toEqual([ch1, ch2, '']);
    expect(rows[2].quCount).toBe(3);
  });

  it('refuses bad input, unknown or closed banks and banks kept for exams', async () => {
    expect((await group({})).status).toBe(400);
    expect((await group({ repoId: '' })).status).toBe(400);
    expect((await group({ repoId: 42 })).status).toBe(400);
    expect((await group({ repoId: 'x'.repeat(65) })).status).toBe(400);
    expect((await group({ repoId })).status).toBe(200);
    expect((await t.post('/api/repo/chapter-group', { repoId })).status).toBe(401);
    const unknown = await group({ repoId: 'no-such-bank' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('题库不存在或未开放！');
    const closed = (await t.post('/api/repo/save', { title: '未开放题库', isOpen: false }, t.admin)).body.data.id;
    expect((await group({ repoId: closed })).status).toBe(404);
    const examOnly = (await t.post('/api/repo/save', { title: '考试专用', isOpen: true, examOnly: true }, t.admin)).body
      .data.id;
    const r = await group({ repoId: examOnly });
    expect(r.status).toBe(404);
    expect(r.body.msg).toBe('该题库仅供考试使用，不对学员开放！');
  });
});

describe('chapter training', () => {
  const start = (body: Record<string, unknown>, token = t.learner) =>
    t.post('/api/repo/train/start', { repoId, trainMode: 'sequence', ...body }, token);

  it("trains only the chapter's questions and resumes the chapter's own training", async () => {
    const a = await start({ chapterId: ch1 });
    expect(a.status, a.body.msg).toBe(200);
    expect((await t.post('/api/repo/train/detail', { id: a.body.data.id }, t.learner)).body.data.totalCount).toBe(3);
    expect((await start({ chapterId: ch1 })).body.data.id).toBe(a.body.data.id);
    const b = await start({ chapterId: ch2 });
    expect(b.body.data.id).not.toBe(a.body.data.id);
    expect((await t.post('/api/repo/train/detail', { id: b.body.data.id }, t.learner)).body.data.totalCount).toBe(1);
    const whole = await start({});
    expect((await t.post('/api/repo/train/detail', { id: whole.body.data.id }, t.learner)).body.data.totalCount).toBe(
      7,
    );
    // The bank detail offers to continue whole-bank trainings only.
    const detail = (await t.post('/api/client/repo/detail-for-train', { id: repoId }, t.learner)).body.data;
    expect(detail.unfinished.map((u: { id: string }) => u.id)).toEqual([whole.body.data.id]);
  });

  it('refuses a chapter of another bank, an unknown one and an overlong id', async () => {
    const other = (await t.post('/api/repo/chapter/save', { repoId: 'r-demo-1', title: '别处' }, t.admin)).body.data.id;
    const r = await start({ chapterId: other });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('章节不存在或不属于该题库！');
    expect((await start({ chapterId: 'nope' })).status).toBe(400);
    expect((await start({ chapterId: 'x'.repeat(65) })).status).toBe(400);
    const empty = (await t.post('/api/repo/chapter/list', { repoId, title: '空章节' }, t.admin)).body.data[0].id;
    const none = await start({ chapterId: empty });
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('没有可以训练的试题！');
  });
});
