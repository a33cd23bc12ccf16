import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { type RepoTest, repoTestApp } from '../testing/test-app';

let t: RepoTest;
beforeAll(async () => {
  t = await repoTestApp();
}, 120_000);
afterAll(() => t.app.close());

const opt = (content: string, isRight = false) => ({ content, isRight });
const ALL_TYPES = [
  {
    quType: 1,
    content: '<p>单选<script>alert(1)</script></p>',
    analysis: '<p>解析</p>',
    answerList: [opt('A', true), opt('B')],
  },
  { quType: 2, content: '多选', answerList: [opt('A', true), opt('B', true), opt('C')] },
  { quType: 3, content: '判断', answerList: [opt('对', true), opt('错')] },
  { quType: 4, content: '简答', refAnswer: '参考', keywords: '关键||词' },
  { quType: 5, content: '填空', answerList: [{ answer: '甲||乙' }, { answer: '丙' }] },
  {
    quType: 6,
    content: '连线',
    answerList: [
      { content: '左1', answer: '右1' },
      { content: '左2', answer: '右2' },
    ],
  },
  {
    quType: 26,
    content: '量表',
    answerList: [
      { content: '高', score: 3 },
      { content: '低', score: 1 },
    ],
  },
  {
    quType: 27,
    content: '单选评分',
    answerList: [
      { content: '高', score: 3 },
      { content: '低', score: 1 },
    ],
  },
  {
    quType: 28,
    content: '多选评分',
    answerList: [
      { content: '高', score: 3 },
      { content: '低', score: 1 },
    ],
  },
  {
    quType: 99,
    content: '组合',
    subList: [
      { quType: 1, content: '子', answerList: [opt('A', true), opt('B')] },
      { quType: 4, content: '子简答', refAnswer: 'r' },
    ],
  },
];

describe('banks', () => {
  let repoId = '';
  it('creates, reads, lists with catalogue filter and counts', async () => {
    const r = await t.post('/api/repo/save', { title: '  新题库 ', catId: 'tech', price: 9.5, isOpen: true }, t.admin);
    expect(r.status).toBe(200);
    repoId = r.body.data.id;
    const d = await t.post('/api/repo/detail', { id: repoId }, t.admin);
    expect(d.body.data).toMatchObject({ title: '新题库', catId_dictText: '专业技术', price: 9.5, quCount: 0 });
    const p = await t.post(
      '/api/repo/paging',
      { current: 1, size: 10, params: { catId: 'tech', title: '新' } },
      t.admin,
    );
    expect(p.body.data.records.map((x: { id: string }) => x.id)).toEqual([repoId]);
    const ex = await t.post(
      '/api/repo/paging',
      { current: 1, size: 10, params: { excludes: [repoId], catId: 'tech' } },
      t.admin,
    );
    expect(ex.body.data.records.map((x: { id: string }) => x.id)).not.toContain(repoId);
  });
  it('refuses bad input, learners and visitors', async () => {
    expect((await t.post('/api/repo/save', { title: '  ' }, t.admin)).body.msg).toBe('题库名称不能为空！');
    expect((await t.post('/api/repo/save', { title: 'x', price: -1 }, t.admin)).status).toBe(400);
    expect((await t.post('/api/repo/save', { id: 'nope', title: 'x' }, t.admin)).status).toBe(404);
    expect((await t.post('/api/repo/detail', { id: 'nope' }, t.admin)).status).toBe(404);
    expect((await t.post('/api/repo/save', { title: 'x' }, t.learner)).status).toBe(403);
    expect((await t.post('/api/repo/paging', {}, t.learner)).status).toBe(403);
    expect((await t.post('/api/repo/delete', { ids: [repoId] }, t.learner)).status).toBe(403);
    expect((await t.post('/api/repo/paging', {})).status).toBe(401);
  });
  it('keeps chapters: save, list with counts, sort, delete', async () => {
    const a = await t.post('/api/repo/chapter/save', { repoId, title: '第一章' }, t.admin);
    const b = await t.post('/api/repo/chapter/save', { repoId, title: '第二章' }, t.admin);
    expect((await t.post('/api/repo/chapter/sort', { id: b.body.data.id, sort: -1 }, t.admin)).status).toBe(200);
    const list = await t.post('/api/repo/chapter/list', { repoId }, t.admin);
    expect(list.body.data.map((c: { title: string }) => c.title)).toEqual(['第二章', '第一章']);
    expect((await t.post('/api/repo/chapter/save', { repoId, title: '' }, t.admin)).status).toBe(400);
    expect((await t.post('/api/repo/chapter/save', { repoId: 'nope', title: 'x' }, t.admin)).body.msg).toBe(
      '题库不存在！',
    );
    expect((await t.post('/api/repo/chapter/save', { repoId, title: 'x' }, t.learner)).status).toBe(403);
    const q = await t.post('/api/qu/qu/save', { repoId, chapterId: a.body.data.id, ...ALL_TYPES[0] }, t.admin);
    expect(q.status).toBe(200);
    const again = await t.post('/api/repo/chapter/list', { repoId }, t.admin);
    expect(again.body.data.find((c: { id: string }) => c.id === a.body.data.id).quCount).toBe(1);
    expect((await t.post('/api/repo/chapter/delete', { ids: [a.body.data.id] }, t.admin)).status).toBe(200);
    expect((await t.post('/api/qu/qu/detail', { id: q.body.data.id }, t.admin)).body.data.chapterId).toBe('');
    expect((await t.post('/api/qu/qu/save', { repoId, chapterId: 'other', ...ALL_TYPES[0] }, t.admin)).body.msg).toBe(
      '章节不存在！',
    );
  });
  it('saves a question of every type, sanitized, and reads it back', async () => {
    for (const d of ALL_TYPES) {
      const r = await t.post('/api/qu/qu/save', { repoId, ...d }, t.admin);
      expect(r.status, `type ${d.quType}: ${r.body.msg}`).toBe(200);
      const back = await t.post('/api/qu/qu/detail', { id: r.body.data.id }, t.admin);
      expect(back.body.data.quType).toBe(d.quType);
      if (d.quType === 1) expect(back.body.data.content).toBe('<p>单选</p>');
      if (d.quType === 5)
        expect(back.body.data.answerList.map((o: { answer: string }) => o.answer)).toEqual(['甲||乙', '丙']);
      if (d.quType === 99) expect(back.body.data.subList).toHaveLength(2);
    }
    const stat = await t.post('/api/repo/stat', { id: repoId }, t.admin);
    expect(stat.body.data).toMatchObject({ quCount: 11, subjCount: 1, objCount: 10 });
    expect(stat.body.data.byType.find((x: { key: number }) => x.key === 1).count).toBe(2);
    const page = await t.post('/api/qu/qu/paging', { current: 1, size: 50, params: { repoId, quType: 99 } }, t.admin);
    expect(page.body.data.total).toBe(1);
    const byText = await t.post(
      '/api/qu/qu/paging',
      { current: 1, size: 50, params: { repoId, content: '多选评' } },
      t.admin,
    );
    expect(byText.body.data.records.map((x: { quType: number }) => x.quType)).toEqual([28]);
  });
  it('edits keeping option ids, replaces composite children, refuses a type change', async () => {
    const r = await t.post('/api/qu/qu/save', { repoId, ...ALL_TYPES[9] }, t.admin);
    const d = (await t.post('/api/qu/qu/detail', { id: r.body.data.id }, t.admin)).body.data;
    const child = d.subList[0];
    const edit = { ...d, repoId, subList: [{ ...child, content: '改过的子题' }] };
    expect((await t.post('/api/qu/qu/save', edit, t.admin)).status).toBe(200);
    const d2 = (await t.post('/api/qu/qu/detail', { id: d.id }, t.admin)).body.data;
    expect(d2.subList).toHaveLength(1);
    expect(d2.subList[0].id).toBe(child.id);
    expect(d2.subList[0].answerList.map((o: { id: string }) => o.id)).toEqual(
      child.answerList.map((o: { id: string }) => o.id),
    );
    expect(
      (await t.post('/api/qu/qu/save', { ...edit, quType: 1, answerList: [opt('a', true), opt('b')] }, t.admin)).body
        .msg,
    ).toBe('试题类型不能修改！');
    expect((await t.post('/api/qu/qu/save', { ...edit, id: child.id }, t.admin)).status).toBe(404);
  });
  it('validates every type on the server', async () => {
    const bad = async (d: object, msg: string) => {
      const r = await t.post('/api/qu/qu/save', { repoId, ...d }, t.admin);
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe(msg);
    };
    await bad(
      { quType: 1, content: 'x', answerList: [opt('a', true), opt('b', true)] },
      '单选题必须有且只有一个正确答案！',
    );
    await bad({ quType: 3, content: 'x', answerList: [opt('a', true)] }, '判断题必须有两个选项！');
    await bad({ quType: 5, content: 'x', answerList: [{ answer: '||' }] }, '填空题每个空至少需要一个答案！');
    await bad({ quType: 99, content: 'x', subList: [] }, '组合题至少需要一道子题！');
    await bad({ ...ALL_TYPES[0], subList: [ALL_TYPES[1]] }, '只有组合题可以包含子题！');
    await bad({ ...ALL_TYPES[3], subList: [ALL_TYPES[3]] }, '只有组合题可以包含子题！');
    await bad({ quType: 1, content: '<p></p>', answerList: [opt('a', true), opt('b')] }, '试题内容不能为空！');
    expect((await t.post('/api/qu/qu/save', { repoId, quType: 7, content: 'x' }, t.admin)).status).toBe(400);
    expect((await t.post('/api/qu/qu/save', { repoId: 'nope', ...ALL_TYPES[0] }, t.admin)).body.msg).toBe(
      '题库不存在！',
    );
    expect((await t.post('/api/qu/qu/save', { repoId, ...ALL_TYPES[0] }, t.learner)).status).toBe(403);
    expect((await t.post('/api/qu/qu/detail', { id: 'nope' }, t.admin)).status).toBe(404);
    expect((await t.post('/api/qu/qu/paging', {}, t.learner)).status).toBe(403);
    expect((await t.post('/api/qu/qu/detail', { id: 'x' })).status).toBe(401);
  });
  it('filters questions by level and chapter', async () => {
    const ch = (await t.post('/api/repo/chapter/save', { repoId, title: '筛选章' }, t.admin)).body.data.id;
    const save = async (d: object) =>
      (await t.post('/api/qu/qu/save', { repoId, ...d }, t.admin)).body.data.id as string;
    const hardIn = await save({ ...ALL_TYPES[2], chapterId: ch, level: 2 });
    const easyIn = await save({ ...ALL_TYPES[1], chapterId: ch });
    const hardOut = await save({ ...ALL_TYPES[1], level: 2 });
    const ids = async (params: object) =>
      (
        await t.post('/api/qu/qu/paging', { current: 1, size: 100, params: { repoId, ...params } }, t.admin)
      ).body.data.records
        .map((x: { id: string }) => x.id)
        .sort();
    expect(await ids({ chapterId: ch })).toEqual([hardIn, easyIn].sort());
    expect(await ids({ level: 2 })).toEqual([hardIn, hardOut].sort());
    expect(await ids({ chapterId: ch, level: 1 })).toEqual([easyIn]);
    expect(await ids({ chapterId: 'nope' })).toEqual([]);
    expect(
      (await t.post('/api/qu/qu/paging', { current: 1, size: 10, params: { level: 'hard' } }, t.admin)).status,
    ).toBe(400);
  });
  it('refuses bad input, learners and visitors on statistics, chapters and the template', async () => {
    const cases: [string, object, object][] = [
      ['/api/repo/stat', {}, { id: repoId }],
      ['/api/repo/chapter/list', { title: 'x' }, { repoId }],
      ['/api/repo/chapter/delete', { ids: [] }, { ids: ['nope'] }],
      ['/api/repo/chapter/sort', { id: 'x', sort: 1.5 }, { id: 'nope', sort: 1 }],
    ];
    for (const [url, bad, good] of cases) {
      expect((await t.post(url, bad, t.admin)).status, url).toBe(400);
      expect((await t.post(url, good, t.learner)).status, url).toBe(403);
      expect((await t.post(url, good)).status, url).toBe(401);
    }
    expect((await t.post('/api/repo/stat', { id: 'nope' }, t.admin)).status).toBe(404);
    expect((await t.post('/api/repo/chapter/sort', { id: 'nope', sort: 1 }, t.admin)).status).toBe(404);
    expect((await t.post('/api/repo/chapter/sort', { id: 'x', sort: 10_000_000 }, t.admin)).status).toBe(400);
    expect((await t.post('/api/qu/qu/template', {}, t.learner)).status).toBe(403);
    expect((await t.post('/api/qu/qu/template', {})).status).toBe(401);
  });
  it('deletes questions and then the bank', async () => {
    const page = await t.post('/api/qu/qu/paging', { current: 1, size: 100, params: { repoId } }, t.admin);
    const ids = page.body.data.records.map((x: { id: string }) => x.id);
    expect((await t.post('/api/qu/qu/delete', { ids }, t.learner)).status).toBe(403);
    expect((await t.post('/api/qu/qu/delete', { ids: [ids[0]] }, t.admin)).status).toBe(200);
    expect((await t.post('/api/repo/detail', { id: repoId }, t.admin)).body.data.quCount).toBe(ids.length - 1);
    expect((await t.post('/api/qu/qu/delete', { ids: [] }, t.admin)).status).toBe(400);
    expect((await t.post('/api/repo/delete', { ids: [repoId] }, t.admin)).status).toBe(200);
    expect((await t.post('/api/repo/detail', { id: repoId }, t.admin)).status).toBe(404);
  });
  it('refuses to delete a bank an exam rule draws from', async () => {
    const { schema } = await import('@exam/server-kit');
    const bank = (await t.post('/api/repo/save', { title: '考试用题库' }, t.admin)).body.data.id;
    const q = (await t.post('/api/qu/qu/save', { repoId: bank, ...ALL_TYPES[0] }, t.admin)).body.data.id;
    const now = new Date();
    await t.app.db
      .insert(schema.elExam)
      .values({ id: 'e-uses', title: '期末考试', startTime: now, endTime: now, totalTime: 60 });
    await t.app.db.insert(schema.elExamRule).values({ id: 'rule-1', examId: 'e-uses', title: '单选', repoIds: [bank] });
    const r = await t.post('/api/repo/delete', { ids: [bank] }, t.admin);
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe('题库已被考试【期末考试】使用，不能删除！');
    await t.app.db.update(schema.elExamRule).set({ repoIds: [], quIds: [q] });
    expect((await t.post('/api/repo/delete', { ids: [bank] }, t.admin)).status).toBe(409);
    await t.app.db.delete(schema.elExam);
    expect((await t.post('/api/repo/delete', { ids: [bank] }, t.admin)).status).toBe(200);
  });
  it('seeds both demo banks with every type', async () => {
    for (const id of ['r-demo-1', 'r-demo-2']) {
      const s = (await t.post('/api/repo/stat', { id }, t.admin)).body.data;
      expect(s.quCount).toBeGreaterThanOrEqual(12);
      expect(s.byType.every((x: { count: number }) => x.count > 0)).toBe(true);
    }
  });
});
