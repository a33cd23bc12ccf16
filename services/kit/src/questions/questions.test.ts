import { QuType } from '@exam/contracts';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { elBook, elQu, elQuAnswer, elRepo } from '../db/schema';
import { createTestApp } from '../testing';
import { type BookKey, recordAnswerInBook, recordAnswersInBook } from './book';
import { loadQuestions } from './load';
import { toGrade, toSolution, toView } from './shapes';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ services: [], seeds: [] });
  await app.db.insert(elRepo).values({ id: 'r1', title: '题库' });
  await app.db.insert(elQu).values([
    { id: 'q-match', repoId: 'r1', quType: QuType.MATCH, content: '连线' },
    { id: 'q-comp', repoId: 'r1', quType: QuType.COMPOSITE, content: '组合' },
    // Children stored out of order: they come back by sort.
    {
      id: 'q-comp-2',
      repoId: 'r1',
      parentId: 'q-comp',
      quType: QuType.SHORT,
      content: '子2',
      sort: 2,
      refAnswer: '参考',
    },
    { id: 'q-comp-1', repoId: 'r1', parentId: 'q-comp', quType: QuType.SINGLE, content: '子1', sort: 1 },
  ]);
  await app.db.insert(elQuAnswer).values([
    { id: 'm2', quId: 'q-match', sort: 2, content: '狗', answer: '汪' },
    { id: 'm1', quId: 'q-match', sort: 1, content: '猫', answer: '喵' },
    { id: 'c1b', quId: 'q-comp-1', sort: 1, content: '乙' },
    { id: 'c1a', quId: 'q-comp-1', sort: 0, content: '甲', isRight: true },
  ]);
}, 60_000);
afterAll(() => app.close());

describe('questions shared by the repo and exam services', () => {
  it('loads top-level questions in the order asked, with options and children in their stored order', async () => {
    const qs = await loadQuestions(app.db, ['q-comp', 'q-match', 'q-comp-1', 'nope']);
    // A child asked for by its id is not a question of its own.
    expect([...qs.keys()]).toEqual(['q-comp', 'q-match']);
    expect(qs.get('q-match')!.options.map((o) => o.id)).toEqual(['m1', 'm2']);
    const comp = qs.get('q-comp')!;
    expect(comp.subs.map((s) => [s.id, s.options.map((o) => o.id)])).toEqual([
      ['q-comp-1', ['c1a', 'c1b']],
      ['q-comp-2', []],
    ]);
    expect(await loadQuestions(app.db, [])).toEqual(new Map());
  });

  it('gives a learner the view without answers, the solution after, and grading its input', async () => {
    const qs = await loadQuestions(app.db, ['q-match', 'q-comp']);
    const match = qs.get('q-match')!;
    expect(toView(match)).toMatchObject({
      quType: QuType.MATCH,
      rightList: ['喵', '汪'].sort((a, b) => a.localeCompare(b, 'zh')),
      subList: [],
    });
    expect(toSolution(match).pairAnswers).toEqual(['喵', '汪']);
    const comp = qs.get('q-comp')!;
    expect(toSolution(comp).subList.map((s) => s.rightIds)).toEqual([['c1a'], []]);
    expect(toGrade(comp).score).toBeUndefined();
    expect(toGrade(comp, 10)).toMatchObject({
      id: 'q-comp',
      score: 10,
      subList: [{ id: 'q-comp-1' }, { id: 'q-comp-2' }],
    });
  });

  it('records graded answers in the book: wrong in, right out unless kept as a favourite; a batch ends as its last answer', async () => {
    const k: BookKey = { userId: 'u1', refType: 'repo', refId: 'r1', quId: 'q-match' };
    const row = async (key: BookKey) =>
      (
        await app.db
          .select()
          .from(elBook)
          .where(
            and(
              eq(elBook.userId, key.userId),
              eq(elBook.refType, key.refType),
              eq(elBook.refId, key.refId),
              eq(elBook.quId, key.quId),
            ),
          )
      )[0];
    await app.db.transaction((tx) => recordAnswerInBook(tx, k, false));
    await app.db.transaction((tx) => recordAnswerInBook(tx, k, false));
    expect(await row(k)).toMatchObject({ inWrong: true, wrongCount: 2 });
    await app.db.transaction((tx) => recordAnswerInBook(tx, k, true));
    expect(await row(k)).toBeUndefined();

    const e: BookKey = { userId: 'u1', refType: 'exam', refId: 'e1', quId: 'q-comp' };
    const fav: BookKey = { ...e, quId: 'q-match' };
    await app.db.insert(elBook).values({ id: 'fav', ...fav, favMark: true });
    await app.db.transaction((tx) =>
      recordAnswersInBook(tx, [
        { ...e, right: false },
        { ...e, right: false },
        { ...fav, right: false },
        { ...fav, right: true },
      ]),
    );
    expect(await row(e)).toMatchObject({ inWrong: true, wrongCount: 2 });
    expect(await row(fav)).toMatchObject({ inWrong: false, wrongCount: 1, favMark: true });
    await app.db.transaction((tx) => recordAnswersInBook(tx, [{ ...e, right: true }]));
    expect(await row(e)).toBeUndefined();
  });
});
