import {
  type BuyRes,
  type MyExamItem,
  type OpenExamItem,
  OrderItemType,
  type PagingQuery,
  PaperState,
} from '@exam/contracts';
import {
  type AuthUser,
  type Db,
  badRequest,
  conflict,
  fmtTime,
  hasBought,
  notFound,
  openOrder,
  orderView,
  pageQuery,
  paperVisibility,
  parseTime,
  saleItem,
} from '@exam/server-kit';
import { visibleExam } from '../exam/exam-access';
import * as repo from './client-exam-repository';
import { examSummary } from '../exam/exam-summary';

type MineParams = { flag?: string; title?: string; dateRange?: string[] };
type OpenParams = { title?: string; dateRange?: string[] };

/** The date range of a list's filter (days or times in the site's zone), or 400. */
function rangeOf(range: string[] | undefined): repo.Range | undefined {
  if (!range?.length) return undefined;
  try {
    const [from, to] = range.map((s) => parseTime(s.length === 10 ? `${s} 00:00:00` : s));
    return { from, to };
  } catch {
    throw badRequest('时间范围格式不正确！');
  }
}

/** The display flag of an exam for a learner from the state of their latest paper (spec learner §4). */
export function stateFlagOf(e: { startTime: Date; endTime: Date }, latest: number | null, now = new Date()) {
  if (latest === PaperState.OPEN) return 'PROCESSING';
  if (latest === PaperState.REVIEW) return 'WAIT_REVIEW';
  // 阅卷中: a paper being graded by the queue, or one in 待阅卷 whose review has begun (the repository's latest state).
  if (latest === PaperState.GRADING) return 'IN_REVIEW';
  if (latest === PaperState.DONE || latest === PaperState.ABANDONED) return 'FINISHED';
  if (now < e.startTime) return 'NOT_START';
  if (now >= e.endTime) return 'OVERDUE';
  return 'READY_START';
}

/** The learner's exam lists: mine (joined, assigned, or taken) and open ones, and the join toggle. */
export function clientExamService(db: Db) {
  return {
    minePaging(u: AuthUser, q: PagingQuery<MineParams>) {
      const p = q.params ?? {};
      const filter = { flag: p.flag, title: p.title, range: rangeOf(p.dateRange) };
      return pageQuery<MyExamItem>(
        q,
        async (limit, offset) => {
          const rows = await repo.mineRows(db, u, filter, limit, offset);
          return rows.map(({ e, latest, s, finals: final }) => {
            // Final papers exist: their best score and pass show as far as the result rule allows.
            const done =
              s &&
              s.tryCount > 0 &&
              Boolean(final) &&
              paperVisibility({ resultType: e.resultType, state: PaperState.DONE, retakeOpen: true }).final;
            return {
              id: e.id,
              title: e.title,
              cover: e.cover,
              price: e.price,
              points: e.points,
              stateFlag: stateFlagOf(e, latest === null ? null : Number(latest)),
              startTime: fmtTime(e.startTime),
              endTime: fmtTime(e.endTime),
              totalTime: e.totalTime,
              totalScore: e.totalScore,
              qualifyScore: e.qualifyScore,
              showBook: e.showBook,
              tryCount: s?.tryCount ?? 0,
              chance: e.chance,
              maxScore: done ? s.maxScore : null,
              passed: done ? s.passed : null,
              resultType: e.resultType,
              openType: e.openType,
            };
          });
        },
        () => repo.mineCount(db, u, filter),
      );
    },

    openPaging(u: AuthUser, q: PagingQuery<OpenParams>) {
      const p = q.params ?? {};
      const filter = { title: p.title, range: rangeOf(p.dateRange) };
      return pageQuery<OpenExamItem>(
        q,
        async (limit, offset) =>
          (await repo.openRows(db, u.id, filter, limit, offset)).map(({ e, hasJoin, latest }) => ({
            ...examSummary(e),
            points: e.points,
            hasJoin: Boolean(hasJoin),
            stateFlag: stateFlagOf(e, latest === null ? null : Number(latest)),
          })),
        () => repo.openCount(db, filter),
      );
    },

    /** Toggles joining an open exam (it then appears in "my exams"). */
    async join(u: AuthUser, id: string) {
      if (!(await repo.isOpenExam(db, id))) throw notFound('考试不存在或不可加入！');
      if (await repo.leave(db, id, u.id)) return { hasJoin: false };
      await repo.join(db, id, u.id);
      return { hasJoin: true };
    },

    /** 购买 a priced exam the learner can see and may still take: an order (a second 购买 answers the open one). */
    async buy(u: AuthUser, id: string): Promise<BuyRes> {
      const e = await visibleExam(db, id, u);
      if (e.price <= 0) throw badRequest('该考试无需购买！');
      if (new Date() >= e.endTime) throw conflict('考试已结束！');
      if (await hasBought(db, u.id, OrderItemType.EXAM, id)) throw conflict('您已购买该考试！');
      const item = await saleItem(db, OrderItemType.EXAM, id);
      return { paid: false, costPoints: e.points, order: orderView(await openOrder(db, u.id, item!)) };
    },
  };
}
