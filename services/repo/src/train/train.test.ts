import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { type RepoTest, noSecrets, repoTestApp } from '../testing/test-app';

let t: RepoTest;
beforeAll(async () => {
  t = await repoTestApp();
}, 120_000);
afterAll(() => t.app.close());

/** The right answer of a question from the admin side, shaped as a learner answer. */
async function rightAnswerOf(quId: string) {
  const d = (await t.post('/api/qu/qu/detail', { id: quId }, t.admin)).body.data;
  const one = (q: any) => {
    if (q.quType === 5) return { blanks: q.answerList.map((o: any) => o.answer.split('||')[0]) };
    if (q.quType === 6) return { pairs: q.answerList.map((o: any) => o.answer) };
    if (q.quType === 4) return { text: '预防' };
    if ([26, 27, 28].includes(q.quType)) return { answers: [q.answerList[0].id] };
    return { answers: q.answerList.filter((o: any) => o.isRight).map((o: any) => o.id) };
  };
  if (d.quType === 99) return { subs: Object.fromEntries(d.subList.map((s: any) => [s.id, one(s)])) };
  return one(d);
}
const wrongAnswerOf = async (quId: string) => {
  const d = (await t.post('/api/qu/qu/detail', { id: quId }, t.admin)).body.data;
  if (d.quType === 5) return { blanks: d.answerList.map(() => '错的') };
  if (d.quType === 6) return { pairs: [] };
  return {
    answers: d.answerList
      .filter((o: any) => !o.isRight)
      .slice(0, 1)
      .map((o: any) => o.id),
  };
};

describe('learner banks', () => {
  it('lists open banks with join state, toggles joining, lists my banks', async () => {
    const open = await t.post(
      '/api/client/repo/open-paging',
      { current: 1, size: 10, params: { catId: 'safety' } },
      t.learner,
    );
    noSecrets(open);
    expect(open.body.data.records.map((r: any) => r.id)).toEqual(['r-demo-1']);
    expect(open.body.data.records[0].hasJoin).toBe(false);
    expect((await t.post('/api/client/repo/join', { id: 'r-demo-1' }, t.learner)).body.data).toEqual({ hasJoin: true });
    const mine = await t.post('/api/client/repo/mine-paging', { current: 1, size: 10 }, t.learner);
    noSecrets(mine);
    expect(mine.body.data.records).toHaveLength(1);
    expect(mine.body.data.records[0]).toMatchObject({
      id: 'r-demo-1',
      coverCount: 0,
      trainCount: 0,
      latestTrain: null,
    });
    expect((await t.post('/api/client/repo/mine-paging', { current: 1, size: 10 }, t.learner2)).body.data.total).toBe(
      0,
    );
    expect((await t.post('/api/client/repo/join', { id: 'nope' }, t.learner)).status).toBe(404);
    expect((await t.post('/api/client/repo/join', {}, t.learner)).status).toBe(400);
    expect((await t.post('/api/client/repo/open-paging', {})).status).toBe(401);
  });
  it('shows the bank view, but not a closed bank', async () => {
    const d = await t.post('/api/client/repo/detail-for-train', { id: 'r-demo-1' }, t.learner);
    noSecrets(d);
    expect(d.body.data.types.length).toBe(10);
    const closed = await t.post('/api/repo/save', { title: '未开放', isOpen: false }, t.admin);
    expect((await t.post('/api/client/repo/detail-for-train', { id: closed.body.data.id }, t.learner)).status).toBe(
      404,
    );
    expect(
      (await t.post('/api/repo/train/start', { repoId: closed.body.data.id, trainMode: 'sequence' }, t.learner)).status,
    ).toBe(404);
  });
});

describe('training', () => {
  let trainId = '';
  let card: any[] = [];
  it('starts, resumes unless clear, and never shows answers before answering', async () => {
    const s = await t.post('/api/repo/train/start', { repoId: 'r-demo-1', trainMode: 'sequence' }, t.learner);
    noSecrets(s);
    trainId = s.body.data.id;
    expect(
      (await t.post('/api/repo/train/start', { repoId: 'r-demo-1', trainMode: 'sequence' }, t.learner)).body.data.id,
    ).toBe(trainId);
    expect(
      (await t.post('/api/repo/train/check', { repoId: 'r-demo-1', trainMode: 'sequence' }, t.learner)).body.data,
    ).toBe(trainId);
    const c = await t.post('/api/repo/train/card', { id: trainId }, t.learner);
    noSecrets(c);
    card = c.body.data;
    expect(card.length).toBeGreaterThanOrEqual(12);
    noSecrets(await t.post('/api/repo/train/detail', { id: trainId }, t.learner));
    for (const item of card) {
      const q = await t.post('/api/repo/train/qu-detail', { trainId, quId: item.quId }, t.learner);
      noSecrets(q);
      const admin = (await t.post('/api/qu/qu/detail', { id: item.quId }, t.admin)).body.data;
      // Ids are random digits and may contain an answer such as 120 by chance, so they are left out.
      const shown = JSON.stringify(q.body.data, (k, v) => (/^(id|quId)$/.test(k) ? undefined : v));
      if (admin.quType === 5) for (const o of admin.answerList) expect(shown).not.toContain(o.answer);
    }
  });
  it('grades an answer, then shows the solution and locks it', async () => {
    const single = card.find((c) => c.quType === 1).quId;
    const wrong = await t.post(
      '/api/repo/train/fill',
      { trainId, quId: single, answer: await wrongAnswerOf(single) },
      t.learner,
    );
    expect(wrong.body.data.result).toBe(false);
    expect(wrong.body.data.solution.rightIds).toHaveLength(1);
    expect(wrong.body.data.solution.analysis).not.toBe('');
    // A second answer does not change the first.
    const again = await t.post(
      '/api/repo/train/fill',
      { trainId, quId: single, answer: await rightAnswerOf(single) },
      t.learner,
    );
    expect(again.body.data.result).toBe(false);
    const q = await t.post('/api/repo/train/qu-detail', { trainId, quId: single }, t.learner);
    expect(q.body.data).toMatchObject({ answered: true, result: false });
    const rec = (await t.post('/api/repo/train/detail', { id: trainId }, t.learner)).body.data;
    expect(rec).toMatchObject({ answerCount: 1, rightCount: 0, state: 0, trainMode_dictText: '顺序练习' });
    const book = await t.post(
      '/api/client/book/paging',
      { current: 1, size: 10, params: { refType: 'repo', refId: 'r-demo-1' } },
      t.learner,
    );
    expect(book.body.data.records.map((r: any) => r.quId)).toEqual([single]);
  });
  it('grades every type right and finishes when all are answered', async () => {
    for (const item of card.slice(1)) {
      const r = await t.post(
        '/api/repo/train/fill',
        { trainId, quId: item.quId, answer: await rightAnswerOf(item.quId) },
        t.learner,
      );
      expect(r.status, r.body.msg).toBe(200);
      expect(r.body.data.result, `type ${item.quType}`).toBe(
        item.quType === 4 ? null : item.quType === 99 ? true : true,
      );
    }
    const rec = (await t.post('/api/repo/train/detail', { id: trainId }, t.learner)).body.data;
    expect(rec.state).toBe(1);
    expect(rec.answerCount).toBe(card.length);
    const fin = await t.post('/api/repo/train/fill', { trainId, quId: card[0].quId, answer: {} }, t.learner);
    expect(fin.status).toBe(200);
  });
  it('trains wrong questions and auto-removes them once right', async () => {
    const s = await t.post('/api/repo/train/start', { repoId: 'r-demo-1', trainMode: 'wrong' }, t.learner);
    const c = (await t.post('/api/repo/train/card', { id: s.body.data.id }, t.learner)).body.data;
    expect(c).toHaveLength(1);
    await t.post(
      '/api/repo/train/fill',
      { trainId: s.body.data.id, quId: c[0].quId, answer: await rightAnswerOf(c[0].quId) },
      t.learner,
    );
    expect(
      (await t.post('/api/client/book/paging', { current: 1, size: 10, params: { refId: 'r-demo-1' } }, t.learner)).body
        .data.total,
    ).toBe(0);
    expect(
      (await t.post('/api/repo/train/start', { repoId: 'r-demo-1', trainMode: 'wrong', clear: true }, t.learner)).body
        .msg,
    ).toBe('暂无错题，无需训练！');
  });
  it('offers random, by-type and remember modes', async () => {
    const ty = await t.post('/api/repo/train/start', { repoId: 'r-demo-1', trainMode: 'type', quType: 3 }, t.learner);
    const c = (await t.post('/api/repo/train/card', { id: ty.body.data.id }, t.learner)).body.data;
    expect(c.every((x: any) => x.quType === 3)).toBe(true);
    expect((await t.post('/api/repo/train/start', { repoId: 'r-demo-1', trainMode: 'type' }, t.learner)).body.msg).toBe(
      '请选择题型！',
    );
    const rnd = await t.post('/api/repo/train/start', { repoId: 'r-demo-1', trainMode: 'random' }, t.learner);
    expect((await t.post('/api/repo/train/card', { id: rnd.body.data.id }, t.learner)).body.data.length).toBe(
      card.length,
    );
    const rem = await t.post('/api/repo/train/start', { repoId: 'r-demo-1', trainMode: 'repo_rem' }, t.learner);
    const rc = (await t.post('/api/repo/train/card', { id: rem.body.data.id }, t.learner)).body.data;
    const q = await t.post('/api/repo/train/qu-detail', { trainId: rem.body.data.id, quId: rc[0].quId }, t.learner);
    expect(q.body.data.solution.rightIds.length).toBeGreaterThan(0);
    expect(
      (await t.post('/api/repo/train/fill', { trainId: rem.body.data.id, quId: rc[0].quId, answer: {} }, t.learner))
        .body.msg,
    ).toBe('背题模式不能答题！');
    expect((await t.post('/api/repo/train/start', { repoId: 'r-demo-1', trainMode: 'bogus' }, t.learner)).status).toBe(
      400,
    );
    // Clear starts over: the old record is finished.
    const fresh = await t.post(
      '/api/repo/train/start',
      { repoId: 'r-demo-1', trainMode: 'random', clear: true },
      t.learner,
    );
    expect(fresh.body.data.id).not.toBe(rnd.body.data.id);
    expect((await t.post('/api/repo/train/detail', { id: rnd.body.data.id }, t.learner)).body.data.state).toBe(1);
    const page = await t.post(
      '/api/repo/train/paging',
      { current: 1, size: 10, params: { repoId: 'r-demo-1' } },
      t.learner,
    );
    expect(page.body.data.total).toBeGreaterThanOrEqual(5);
    const mine = (await t.post('/api/client/repo/mine-paging', { current: 1, size: 10 }, t.learner)).body.data
      .records[0];
    expect(mine.coverCount).toBe(card.length);
    expect(mine.coverRate).toBe(100);
  });
  it('keeps another learner out of every training call', async () => {
    const other = t.learner2;
    const quId = card[0].quId;
    for (const [url, body] of [
      ['/api/repo/train/detail', { id: trainId }],
      ['/api/repo/train/card', { id: trainId }],
      ['/api/repo/train/finish', { id: trainId }],
      ['/api/repo/train/qu-detail', { trainId, quId }],
      ['/api/repo/train/fill', { trainId, quId, answer: {} }],
    ] as const) {
      const r = await t.post(url, body, other);
      expect(r.status, url).toBe(404);
    }
    expect((await t.post('/api/repo/train/paging', { current: 1, size: 10 }, other)).body.data.total).toBe(0);
    expect(
      (await t.post('/api/repo/train/check', { repoId: 'r-demo-1', trainMode: 'sequence' }, other)).body.data,
    ).toBe(null);
    expect((await t.post('/api/repo/train/qu-detail', { trainId, quId: 'nope' }, t.learner)).status).toBe(404);
    expect((await t.post('/api/repo/train/fill', { trainId, quId, answer: { answers: 'x' } }, t.learner)).status).toBe(
      400,
    );
    expect((await t.post('/api/repo/train/card', {})).status).toBe(401);
  });
});

describe('book and reports', () => {
  let quId = '';
  let entryId = '';
  it('favourites, notes and finds marks; refuses an empty note', async () => {
    quId = (
      await t.post('/api/qu/qu/paging', { current: 1, size: 1, params: { repoId: 'r-demo-2', quType: 1 } }, t.admin)
    ).body.data.records[0].id;
    const ref = { refType: 'repo', refId: 'r-demo-2', quId };
    expect((await t.post('/api/client/book/mark-fav', { ...ref, favMark: true }, t.learner)).body.data).toEqual({
      favMark: true,
      favNote: '',
    });
    expect((await t.post('/api/client/book/write-note', { ...ref, favNote: '  ' }, t.learner)).body.msg).toBe(
      '笔记内容不能为空！',
    );
    expect((await t.post('/api/client/book/write-note', { ...ref, favNote: '记住它' }, t.learner)).body.data).toEqual({
      favMark: true,
      favNote: '记住它',
    });
    expect((await t.post('/api/client/book/find-mark', ref, t.learner2)).body.data).toEqual({
      favMark: false,
      favNote: '',
    });
    expect((await t.post('/api/client/book/find-mark', { ...ref, refId: 'r-demo-1' }, t.learner)).status).toBe(404);
    expect(
      (await t.post('/api/client/book/mark-fav', { ...ref, refType: 'other', favMark: true }, t.learner)).status,
    ).toBe(400);
    const fav = await t.post('/api/client/book/paging', { current: 1, size: 10, params: { kind: 'fav' } }, t.learner);
    entryId = fav.body.data.records[0].id;
    expect(fav.body.data.records[0]).toMatchObject({ quId, favNote: '记住它', refTitle: '计算机基础题库' });
    // A favourite alone, never answered, does not reveal the answer.
    noSecrets(await t.post('/api/client/book/detail', { id: entryId }, t.learner));
  });
  it('keeps another learner out of the book', async () => {
    expect((await t.post('/api/client/book/detail', { id: entryId }, t.learner2)).status).toBe(404);
    expect(
      (await t.post('/api/client/book/delete', { ids: [entryId], removeFav: true, removeNote: true }, t.learner2))
        .status,
    ).toBe(404);
    expect(
      (await t.post('/api/client/book/paging', { current: 1, size: 10, params: { kind: 'fav' } }, t.learner2)).body.data
        .total,
    ).toBe(0);
    await t.post('/api/client/book/auto-remove', { refId: 'r-demo-2', quId }, t.learner2);
    expect((await t.post('/api/client/book/detail', { id: entryId }, t.learner)).status).toBe(200);
  });
  it('removes with removeFav and removeNote', async () => {
    expect((await t.post('/api/client/book/delete', { ids: [entryId] }, t.learner)).status).toBe(200);
    expect((await t.post('/api/client/book/detail', { id: entryId }, t.learner)).body.data.favNote).toBe('记住它');
    await t.post('/api/client/book/delete', { ids: [entryId], removeFav: true, removeNote: true }, t.learner);
    expect((await t.post('/api/client/book/detail', { id: entryId }, t.learner)).status).toBe(404);
    expect((await t.post('/api/client/book/delete', { ids: [] }, t.learner)).status).toBe(400);
  });
  it('takes error reports from learners and lets admins handle them', async () => {
    expect((await t.post('/api/qu/report/save', { quId, content: ' ' }, t.learner)).body.msg).toBe(
      '错误描述不能为空！',
    );
    expect((await t.post('/api/qu/report/save', { quId: 'nope', content: '答案错了' }, t.learner)).status).toBe(404);
    expect((await t.post('/api/qu/report/save', { quId, content: '答案错了' }, t.learner)).status).toBe(200);
    expect((await t.post('/api/qu/report/paging', {}, t.learner)).status).toBe(403);
    const list = await t.post('/api/qu/report/paging', { current: 1, size: 10, params: { state: 0 } }, t.admin);
    expect(list.body.data.records[0]).toMatchObject({ quId, content: '答案错了', realName: '张小明', state: 0 });
    expect((await t.post('/api/qu/report/handle', { ids: [list.body.data.records[0].id] }, t.learner)).status).toBe(
      403,
    );
    await t.post('/api/qu/report/handle', { ids: [list.body.data.records[0].id] }, t.admin);
    expect(
      (await t.post('/api/qu/report/paging', { current: 1, size: 10, params: { state: 0 } }, t.admin)).body.data.total,
    ).toBe(0);
  });
});
