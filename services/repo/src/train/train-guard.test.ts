import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { type RepoTest, noSecrets, repoTestApp } from '../testing/test-app';

let t: RepoTest;
beforeAll(async () => {
  t = await repoTestApp();
}, 120_000);
afterAll(() => t.app.close());

type CardItem = { quId: string; quType: number };
const start = async (body: object, token = t.learner) => {
  const s = await t.post('/api/repo/train/start', { repoId: 'r-demo-2', ...body }, token);
  noSecrets(s);
  const card = await t.post('/api/repo/train/card', { id: s.body.data.id }, token);
  noSecrets(card);
  return { id: s.body.data.id as string, card: card.body.data as CardItem[] };
};
/** Every question of a training shows no answer before it is answered. */
const allHidden = async (trainId: string, card: CardItem[]) => {
  for (const c of card) {
    const q = await t.post('/api/repo/train/qu-detail', { trainId, quId: c.quId }, t.learner);
    noSecrets(q);
    expect(q.body.data.answered).toBe(false);
  }
};

/** Answers that give nothing for a question of this type (plus `{}` for every type). */
function emptyAnswers(quType: number, childIds: string[]): object[] {
  const byType: Record<number, object[]> = {
    4: [{ text: '   ' }, { answers: ['x'] }],
    5: [{ blanks: ['', '  '] }, { text: 'x' }],
    6: [{ pairs: ['', ''] }],
    99: [{ subs: {} }, { subs: Object.fromEntries(childIds.map((id) => [id, { answers: [], text: ' ' }])) }],
  };
  return [{}, ...(byType[quType] ?? [{ answers: [] }, { text: 'x', blanks: ['x'] }])];
}

describe('training refuses an empty answer', () => {
  it('answers 400 请先作答！ for every type and keeps the solution hidden', async () => {
    const { id, card } = await start({ trainMode: 'sequence' });
    expect(new Set(card.map((c) => c.quType)).size).toBe(10);
    for (const c of card) {
      const subs = (
        await t.post('/api/repo/train/qu-detail', { trainId: id, quId: c.quId }, t.learner)
      ).body.data.qu.subList.map((s: { id: string }) => s.id);
      for (const answer of emptyAnswers(c.quType, subs)) {
        const r = await t.post('/api/repo/train/fill', { trainId: id, quId: c.quId, answer }, t.learner);
        expect([r.status, r.body.msg], `type ${c.quType} ${JSON.stringify(answer)}`).toEqual([400, '请先作答！']);
      }
    }
    await allHidden(id, card);
    expect((await t.post('/api/repo/train/detail', { id }, t.learner)).body.data.answerCount).toBe(0);
  });
  it('takes a composite with one child answered', async () => {
    const { id, card } = await start({ trainMode: 'type', quType: 99 });
    const q = (await t.post('/api/repo/train/qu-detail', { trainId: id, quId: card[0].quId }, t.learner)).body.data.qu;
    const child = q.subList.find((s: { quType: number }) => s.quType === 1);
    const r = await t.post(
      '/api/repo/train/fill',
      { trainId: id, quId: q.id, answer: { subs: { [child.id]: { answers: [child.answerList[0].id] } } } },
      t.learner,
    );
    expect(r.status, r.body.msg).toBe(200);
  });
});

describe('learner responses carry no answers', () => {
  it('in random, type and wrong trainings, records, check and finish', async () => {
    const seq = await start({ trainMode: 'sequence' });
    const single = seq.card.find((c) => c.quType === 1)!.quId;
    const wrongPick = (await t.post('/api/qu/qu/detail', { id: single }, t.admin)).body.data.answerList.find(
      (o: { isRight: boolean }) => !o.isRight,
    ).id;
    expect(
      (
        await t.post(
          '/api/repo/train/fill',
          { trainId: seq.id, quId: single, answer: { answers: [wrongPick] } },
          t.learner,
        )
      ).body.data.result,
    ).toBe(false);
    for (const body of [
      { trainMode: 'random' },
      { trainMode: 'type', quType: 5 },
      { trainMode: 'type', quType: 6 },
      { trainMode: 'wrong' },
    ]) {
      const tr = await start(body);
      await allHidden(tr.id, tr.card);
      noSecrets(await t.post('/api/repo/train/check', { repoId: 'r-demo-2', trainMode: body.trainMode }, t.learner));
    }
    noSecrets(
      await t.post('/api/repo/train/paging', { current: 1, size: 10, params: { repoId: 'r-demo-2' } }, t.learner),
    );
    noSecrets(await t.post('/api/repo/train/finish', { id: seq.id }, t.learner));
  });
  it('in the book, marks, notes and joining', async () => {
    const ref = {
      refType: 'repo',
      refId: 'r-demo-2',
      quId: (await start({ trainMode: 'type', quType: 2 })).card[0].quId,
    };
    noSecrets(await t.post('/api/client/book/mark-fav', { ...ref, favMark: true }, t.learner));
    noSecrets(await t.post('/api/client/book/write-note', { ...ref, favNote: '笔记' }, t.learner));
    noSecrets(await t.post('/api/client/book/find-mark', ref, t.learner));
    for (const kind of ['wrong', 'fav', 'note'])
      noSecrets(await t.post('/api/client/book/paging', { current: 1, size: 10, params: { kind } }, t.learner));
    noSecrets(await t.post('/api/client/repo/join', { id: 'r-demo-2' }, t.learner));
    noSecrets(await t.post('/api/client/repo/mine-paging', { current: 1, size: 10 }, t.learner));
  });
});

describe('learner calls refuse bad input and visitors', () => {
  const cases: [string, object][] = [
    ['/api/repo/train/check', { repoId: 'r-demo-2', trainMode: 'bogus' }],
    ['/api/repo/train/check', { trainMode: 'sequence' }],
    ['/api/repo/train/paging', { current: 0, size: 10 }],
    ['/api/repo/train/paging', { current: 1, size: 10, params: { repoId: 'x'.repeat(65) } }],
    ['/api/client/repo/mine-paging', { current: 1, size: 0 }],
    ['/api/client/repo/mine-paging', { current: 1, size: 10, params: { title: 'x'.repeat(101) } }],
    ['/api/client/book/paging', { current: 1, size: 10, params: { kind: 'all' } }],
    ['/api/client/book/paging', { current: 1, size: 10, params: { refType: 'course' } }],
    ['/api/client/book/auto-remove', { refId: 'r-demo-2' }],
    ['/api/client/book/auto-remove', { refId: '', quId: 'q' }],
  ];
  it('answers 400 for bad input', async () => {
    for (const [url, body] of cases)
      expect((await t.post(url, body, t.learner)).status, `${url} ${JSON.stringify(body)}`).toBe(400);
  });
  it('answers 401 without a token', async () => {
    for (const url of new Set(cases.map(([u]) => u)))
      expect((await t.post(url, { current: 1, size: 10 })).status, url).toBe(401);
  });
  it("keeps one learner's wrong list out of another's reach", async () => {
    const seq = await start({ trainMode: 'sequence', clear: true }, t.learner2);
    const single = seq.card.find((c) => c.quType === 1)!.quId;
    const wrongPick = (await t.post('/api/qu/qu/detail', { id: single }, t.admin)).body.data.answerList.find(
      (o: { isRight: boolean }) => !o.isRight,
    ).id;
    await t.post(
      '/api/repo/train/fill',
      { trainId: seq.id, quId: single, answer: { answers: [wrongPick] } },
      t.learner2,
    );
    expect((await t.post('/api/client/book/auto-remove', { refId: 'r-demo-2', quId: single }, t.learner)).status).toBe(
      200,
    );
    const mine = await t.post(
      '/api/client/book/paging',
      { current: 1, size: 10, params: { refId: 'r-demo-2' } },
      t.learner2,
    );
    expect(mine.body.data.records.map((r: { quId: string }) => r.quId)).toEqual([single]);
    expect(
      (await t.post('/api/repo/train/check', { repoId: 'r-demo-2', trainMode: 'sequence' }, t.learner)).body.data,
    ).not.toBe(seq.id);
  });
});
