import { type LearnerAnswer, type PagingQuery, type TrainFillRes, type TrainMode, type TrainQu, hasAnswer } from '@exam/contracts';
import {
  type Db, type Tx, badRequest, conflict, gradeQuestion, loadQuestions, newId, notFound, pageQuery, QU_TYPES, recordAnswerInBook, schema, toGrade, toView,
} from '@exam/server-kit';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { trainableRepo } from '../client/repo-access';
import { HELD_NOTICE, learnerAnswers } from '../qu/learner-answers';
import { ownTrain, recordOf, shuffle } from './train-store';

type StartReq = { repoId: string; trainMode: TrainMode; clear?: boolean; quType?: number; chapterId?: string };

/** Trainings of one learner: start or resume, the card, questions, answering, finishing. */
export function trainService(db: Db) {
  const { elTrain, elTrainQu, elQu, elBook, elRepo, elRepoChapter } = schema;

  async function pickQuestions(tx: Tx, userId: string, req: StartReq): Promise<string[]> {
    const top = and(eq(elQu.repoId, req.repoId), eq(elQu.parentId, ''), req.chapterId ? eq(elQu.chapterId, req.chapterId) : undefined);
    if (req.trainMode === 'wrong') {
      const rows = await tx.select({ id: elQu.id }).from(elBook).innerJoin(elQu, eq(elQu.id, elBook.quId))
        .where(and(top, eq(elBook.userId, userId), eq(elBook.refType, 'repo'), eq(elBook.refId, req.repoId), eq(elBook.inWrong, true)))
        .orderBy(asc(elQu.sort), asc(elQu.createTime), asc(elQu.id));
      return rows.map((r) => r.id);
    }
    const rows = await tx.select({ id: elQu.id }).from(elQu)
      .where(and(top, req.trainMode === 'type' ? eq(elQu.quType, req.quType!) : undefined))
      .orderBy(asc(elQu.sort), asc(elQu.createTime), asc(elQu.id));
    const ids = rows.map((r) => r.id);
    return req.trainMode === 'random' ? shuffle(ids) : ids;
  }

  async function titleOf(repoId: string) {
    const [r] = await db.select({ title: elRepo.title }).from(elRepo).where(eq(elRepo.id, repoId));
    return r?.title ?? '';
  }

  /** The question of a training, or 404 when it is not part of it. */
  async function trainQu(trainId: string, quId: string) {
    const [tq] = await db.select().from(elTrainQu).where(and(eq(elTrainQu.trainId, trainId), eq(elTrainQu.quId, quId)));
    const q = tq && (await loadQuestions(db, [quId])).get(quId);
    if (!tq || !q) throw notFound('试题不存在！');
    return { tq, q };
  }

  return {
    async start(userId: string, req: StartReq) {
      if (req.trainMode === 'type' && !(QU_TYPES as readonly number[]).includes(req.quType ?? 0)) throw badRequest('请选择题型！');
      await trainableRepo(db, userId, req.repoId);
      // Questions of the learner's open papers are left out of any training started meanwhile.
      const held = await learnerAnswers(db, userId).heldIds();
      const quType = req.trainMode === 'type' ? req.quType! : 0;
      const chapterId = req.chapterId ?? '';
      if (chapterId) {
        const [c] = await db.select({ id: elRepoChapter.id }).from(elRepoChapter).where(and(eq(elRepoChapter.id, chapterId), eq(elRepoChapter.repoId, req.repoId)));
        if (!c) throw badRequest('章节不存在或不属于该题库！');
      }
      return db.transaction(async (tx) => {
        const mine = and(eq(elTrain.userId, userId), eq(elTrain.repoId, req.repoId), eq(elTrain.trainMode, req.trainMode), eq(elTrain.quType, quType),
          eq(elTrain.chapterId, chapterId), eq(elTrain.state, 0));
        const [open] = await tx.select({ id: elTrain.id }).from(elTrain).where(mine).orderBy(desc(elTrain.updateTime)).limit(1);
        if (open && !req.clear) return { id: open.id };
        if (open) await tx.update(elTrain).set({ state: 1, updateTime: new Date() }).where(mine);
        const all = await pickQuestions(tx, userId, req);
        const ids = all.filter((quId) => !held.has(quId));
        if (!all.length) throw badRequest(req.trainMode === 'wrong' ? '暂无错题，无需训练！' : '没有可以训练的试题！');
        if (!ids.length) throw badRequest('这些试题都在你正在进行的考试中，交卷后再来训练！');
        const id = newId();
        await tx.insert(elTrain).values({ id, userId, repoId: req.repoId, trainMode: req.trainMode, quType, chapterId, totalCount: ids.length });
        await tx.insert(elTrainQu).values(ids.map((quId, sort) => ({ trainId: id, quId, sort })));
        return { id };
      });
    },

    async detail(userId: string, id: string) {
      const t = await ownTrain(db, userId, id);
      return recordOf(t, await titleOf(t.repoId));
    },

    async card(userId: string, id: string) {
      await ownTrain(db, userId, id);
      const held = await learnerAnswers(db, userId).heldIds();
      const rows = await db.select({ tq: elTrainQu, quType: elQu.quType }).from(elTrainQu).innerJoin(elQu, eq(elQu.id, elTrainQu.quId))
        .where(eq(elTrainQu.trainId, id)).orderBy(asc(elTrainQu.sort));
      return rows.map(({ tq, quType }) => ({
        quId: tq.quId, quType, sort: tq.sort, answered: tq.answered, ...(tq.answered && !held.has(tq.quId) ? { result: tq.isRight } : {}),
      }));
    },

    async quDetail(userId: string, trainId: string, quId: string): Promise<TrainQu> {
      const t = await ownTrain(db, userId, trainId);
      const { tq, q } = await trainQu(trainId, quId);
      const qu = toView(q);
      const answers = learnerAnswers(db, userId);
      if (await answers.isHeld(quId)) return { qu, answered: tq.answered, notice: HELD_NOTICE };
      if (t.trainMode === 'repo_rem') return { qu, answered: false, ...(await answers.solutionOf(q)) };
      if (!tq.answered) return { qu, answered: false };
      return { qu, answered: true, result: tq.isRight, myAnswer: JSON.parse(tq.answer || '{}'), ...(await answers.solutionOf(q)) };
    },

    async fill(userId: string, trainId: string, quId: string, answer: LearnerAnswer): Promise<TrainFillRes> {
      const t = await ownTrain(db, userId, trainId);
      if (t.trainMode === 'repo_rem') throw badRequest('背题模式不能答题！');
      const { tq, q } = await trainQu(trainId, quId);
      const answers = learnerAnswers(db, userId);
      await answers.assertAnswerable(quId);
      const solution = async () => (await answers.solutionOf(q)).solution!;
      if (tq.answered) return { result: tq.isRight, myAnswer: JSON.parse(tq.answer || '{}'), solution: await solution() };
      if (t.state !== 0) throw conflict('训练已结束！');
      if (!hasAnswer({ quType: q.quType, subList: q.subs }, answer)) throw badRequest('请先作答！');
      const g = gradeQuestion(toGrade(q), answer);
      // Short answers (and composites holding one) are not graded in training: shown with the reference only.
      const result = g.review ? null : g.right;
      const saved = await db.transaction(async (tx) => {
        const done = await tx.update(elTrainQu).set({ answered: true, isRight: result, answer: JSON.stringify(answer), updateTime: new Date() })
          .where(and(eq(elTrainQu.trainId, trainId), eq(elTrainQu.quId, quId), eq(elTrainQu.answered, false))).returning({ quId: elTrainQu.quId });
        if (!done.length) return false; // a concurrent save won: keep its answer
        const [after] = await tx.update(elTrain).set({
          answerCount: sql`${elTrain.answerCount} + 1`, rightCount: sql`${elTrain.rightCount} + ${result === true ? 1 : 0}`, updateTime: new Date(),
        }).where(eq(elTrain.id, trainId)).returning();
        if (after.answerCount >= after.totalCount) await tx.update(elTrain).set({ state: 1 }).where(eq(elTrain.id, trainId));
        if (result !== null) await recordAnswerInBook(tx, { userId, refType: 'repo', refId: t.repoId, quId }, result);
        return true;
      });
      if (!saved) return this.fill(userId, trainId, quId, answer);
      return { result, myAnswer: answer, solution: await solution() };
    },

    async finish(userId: string, id: string) {
      const t = await ownTrain(db, userId, id);
      const [row] = await db.update(elTrain).set({ state: 1, updateTime: new Date() }).where(eq(elTrain.id, t.id)).returning();
      return recordOf(row, await titleOf(t.repoId));
    },

    async check(userId: string, repoId: string, trainMode: string) {
      const [open] = await db.select({ id: elTrain.id }).from(elTrain)
        .where(and(eq(elTrain.userId, userId), eq(elTrain.repoId, repoId), eq(elTrain.trainMode, trainMode), eq(elTrain.state, 0))).limit(1);
      return open?.id ?? null;
    },

    paging(userId: string, q: PagingQuery<{ repoId?: string }>) {
      const cond = and(eq(elTrain.userId, userId), q.params?.repoId ? eq(elTrain.repoId, q.params.repoId) : undefined);
      return pageQuery(
        q,
        async (limit, offset) =>
          (await db.select({ t: elTrain, title: elRepo.title }).from(elTrain).innerJoin(elRepo, eq(elRepo.id, elTrain.repoId))
            .where(cond).orderBy(desc(elTrain.updateTime), desc(elTrain.id)).limit(limit).offset(offset)).map((r) => recordOf(r.t, r.title)),
        async () => Number((await db.select({ n: count() }).from(elTrain).where(cond))[0].n),
      );
    },
  };
}
