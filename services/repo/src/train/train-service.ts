import {
  type LearnerAnswer,
  type PagingQuery,
  type TrainFillRes,
  type TrainMode,
  type TrainQu,
  TrainState,
  hasAnswer,
} from '@exam/contracts';
import {
  type Db,
  type Tx,
  badRequest,
  conflict,
  gradeQuestion,
  loadQuestions,
  newId,
  notFound,
  pageQuery,
  QU_TYPES,
  recordAnswerInBook,
  shuffle,
  toGrade,
  toView,
} from '@exam/server-kit';
import { trainableRepo } from '../client/repo-access';
import { HELD_NOTICE, learnerAnswers } from '../qu/learner-answers';
import { chapterInRepo } from '../repo/chapter-repository';
import * as repo from './train-repository';

type StartReq = { repoId: string; trainMode: TrainMode; clear?: boolean; quType?: number; chapterId?: string };

/** Trainings of one learner: start or resume, the card, questions, answering, finishing. */
export function trainService(db: Db) {
  async function pickQuestions(tx: Tx, userId: string, req: StartReq): Promise<string[]> {
    if (req.trainMode === 'wrong') return repo.wrongQuestionIds(tx, userId, req);
    const ids = await repo.bankQuestionIds(tx, { ...req, quType: req.trainMode === 'type' ? req.quType : undefined });
    return req.trainMode === 'random' ? shuffle(ids) : ids;
  }

  /** The learner's own training; another learner's id is simply not found. */
  async function ownTrain(userId: string, id: string) {
    const t = await repo.ownTrainRow(db, userId, id);
    if (!t) throw notFound('训练记录不存在！');
    return t;
  }

  /** The question of a training, or 404 when it is not part of it. */
  async function trainQu(trainId: string, quId: string) {
    const tq = await repo.trainQuRow(db, trainId, quId);
    const q = tq && (await loadQuestions(db, [quId])).get(quId);
    if (!tq || !q) throw notFound('试题不存在！');
    return { tq, q };
  }

  return {
    async start(userId: string, req: StartReq) {
      if (req.trainMode === 'type' && !(QU_TYPES as readonly number[]).includes(req.quType ?? 0))
        throw badRequest('请选择题型！');
      await trainableRepo(db, userId, req.repoId);
      // Questions of the learner's open papers are left out of any training started meanwhile.
      const held = await learnerAnswers(db, userId).heldIds();
      const quType = req.trainMode === 'type' ? req.quType! : 0;
      const chapterId = req.chapterId ?? '';
      if (chapterId && !(await chapterInRepo(db, chapterId, req.repoId)))
        throw badRequest('章节不存在或不属于该题库！');
      return db.transaction(async (tx) => {
        const same = { userId, repoId: req.repoId, trainMode: req.trainMode, quType, chapterId };
        const open = await repo.latestOpen(tx, same);
        if (open && !req.clear) return { id: open.id };
        if (open) await repo.finishSame(tx, same);
        const all = await pickQuestions(tx, userId, req);
        const ids = all.filter((quId) => !held.has(quId));
        if (!all.length) throw badRequest(req.trainMode === 'wrong' ? '暂无错题，无需训练！' : '没有可以训练的试题！');
        if (!ids.length) throw badRequest('这些试题都在你正在进行的考试中，交卷后再来训练！');
        const id = newId();
        await repo.insertTraining(tx, { id, ...same }, ids);
        return { id };
      });
    },

    async detail(userId: string, id: string) {
      const t = await ownTrain(userId, id);
      return repo.recordOf(t, await repo.repoTitle(db, t.repoId));
    },

    async card(userId: string, id: string) {
      await ownTrain(userId, id);
      const held = await learnerAnswers(db, userId).heldIds();
      const rows = await repo.cardRows(db, id);
      return rows.map(({ tq, quType }) => ({
        quId: tq.quId,
        quType,
        sort: tq.sort,
        answered: tq.answered,
        ...(tq.answered && !held.has(tq.quId) ? { result: tq.isRight } : {}),
      }));
    },

    async quDetail(userId: string, trainId: string, quId: string): Promise<TrainQu> {
      const t = await ownTrain(userId, trainId);
      const { tq, q } = await trainQu(trainId, quId);
      const qu = toView(q);
      const answers = learnerAnswers(db, userId);
      if (await answers.isHeld(quId)) return { qu, answered: tq.answered, notice: HELD_NOTICE };
      if (t.trainMode === 'repo_rem') return { qu, answered: false, ...(await answers.solutionOf(q)) };
      if (!tq.answered) return { qu, answered: false };
      return {
        qu,
        answered: true,
        result: tq.isRight,
        myAnswer: JSON.parse(tq.answer || '{}'),
        ...(await answers.solutionOf(q)),
      };
    },

    async fill(userId: string, trainId: string, quId: string, answer: LearnerAnswer): Promise<TrainFillRes> {
      const t = await ownTrain(userId, trainId);
      if (t.trainMode === 'repo_rem') throw badRequest('背题模式不能答题！');
      const { tq, q } = await trainQu(trainId, quId);
      const answers = learnerAnswers(db, userId);
      await answers.assertAnswerable(quId);
      const solution = async () => (await answers.solutionOf(q)).solution!;
      if (tq.answered)
        return { result: tq.isRight, myAnswer: JSON.parse(tq.answer || '{}'), solution: await solution() };
      if (t.state !== TrainState.TRAINING) throw conflict('训练已结束！');
      if (!hasAnswer({ quType: q.quType, subList: q.subs }, answer)) throw badRequest('请先作答！');
      const g = gradeQuestion(toGrade(q), answer);
      // Short answers (and composites holding one) are not graded in training: shown with the reference only.
      const result = g.review ? null : g.right;
      const saved = await db.transaction(async (tx) => {
        if (!(await repo.saveAnswer(tx, trainId, quId, result, JSON.stringify(answer)))) return false; // a concurrent save won: keep its answer
        if (result !== null) await recordAnswerInBook(tx, { userId, refType: 'repo', refId: t.repoId, quId }, result);
        return true;
      });
      if (!saved) return this.fill(userId, trainId, quId, answer);
      return { result, myAnswer: answer, solution: await solution() };
    },

    async finish(userId: string, id: string) {
      const t = await ownTrain(userId, id);
      const row = await repo.finishTraining(db, t.id);
      return repo.recordOf(row, await repo.repoTitle(db, t.repoId));
    },

    async check(userId: string, repoId: string, trainMode: string) {
      return (await repo.openTrainingId(db, userId, repoId, trainMode)) ?? null;
    },

    paging(userId: string, q: PagingQuery<{ repoId?: string }>) {
      const repoId = q.params?.repoId;
      return pageQuery(
        q,
        async (limit, offset) =>
          (await repo.trainingRows(db, userId, repoId, limit, offset)).map((r) => repo.recordOf(r.t, r.title)),
        () => repo.trainingCount(db, userId, repoId),
      );
    },
  };
}
