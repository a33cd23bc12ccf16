import {
  type BuyRes,
  type MyRepoRow,
  OrderItemType,
  type OpenRepoRow,
  type PagingQuery,
  QU_TYPE_TITLES,
  QuType,
  TRAIN_MODE_TITLES,
  type RepoForTrain,
} from '@exam/contracts';
import {
  type Db,
  conflict,
  fmtTime,
  hasBought,
  notFound,
  openOrder,
  orderView,
  pageQuery,
  saleItem,
  spendPointsOnce,
} from '@exam/server-kit';
import { catalogIds } from '../repo/repo-service';
import type { TrainRow } from '../train/train-repository';
import * as repo from './client-repo-repository';
import { visibleRepo } from './repo-access';

type Params = { title?: string; catId?: string };
type Bank = { id: string; title: string; price: number; points: number; catId: string; quCount: number };

/** What every bank card of a learner shows (open banks, my banks); `cat` the catalogue's title. */
const bankCard = (r: Bank, cat: string | null) => ({
  id: r.id,
  title: r.title,
  price: r.price,
  points: r.points,
  catId: r.catId,
  catId_dictText: cat ?? '',
  quCount: r.quCount,
});

/** Learner side of banks: open banks, my banks, join toggle, the bank view. */
export function clientRepoService(db: Db) {
  const filter = async (p: Params = {}) => ({ title: p.title, catIds: await catalogIds(db, p.catId) });

  /** Per bank of one learner: questions covered, wrong count, trainings and the latest one. */
  async function stats(userId: string, repoIds: string[]) {
    if (!repoIds.length) return { cover: new Map(), wrong: new Map(), trains: new Map(), latest: new Map() };
    const [cover, wrong, trains, recent] = await repo.learnerStats(db, userId, repoIds);
    const latest = new Map<string, TrainRow>();
    for (const t of recent) if (!latest.has(t.repoId)) latest.set(t.repoId, t);
    const m = (rows: { id: string; n: number }[]) => new Map(rows.map((r) => [r.id, Number(r.n)]));
    return { cover: m(cover), wrong: m(wrong), trains: m(trains), latest };
  }

  const service = {
    async openPaging(userId: string, q: PagingQuery<Params>) {
      const f = await filter(q.params);
      return pageQuery<OpenRepoRow>(
        q,
        async (limit, offset) =>
          (await repo.openRows(db, userId, f, limit, offset)).map(({ r, cat, joined }) => ({
            ...bankCard(r, cat),
            hasJoin: !!joined,
            cover: r.cover,
          })),
        () => repo.openCount(db, f),
      );
    },

    async minePaging(userId: string, q: PagingQuery<Params>) {
      const f = await filter(q.params);
      return pageQuery<MyRepoRow>(
        q,
        async (limit, offset) => {
          const rows = await repo.mineRows(db, userId, f, limit, offset);
          const s = await stats(
            userId,
            rows.map((x) => x.r.id),
          );
          return rows.map(({ r, cat }) => {
            const coverCount = s.cover.get(r.id) ?? 0;
            const t = s.latest.get(r.id);
            return {
              ...bankCard(r, cat),
              coverCount,
              coverRate: r.quCount ? Math.min(100, Math.round((coverCount * 100) / r.quCount)) : 0,
              wrongCount: s.wrong.get(r.id) ?? 0,
              trainCount: s.trains.get(r.id) ?? 0,
              latestTrain: t
                ? {
                    trainMode_dictText: TRAIN_MODE_TITLES[t.trainMode] ?? t.trainMode,
                    percent: t.answerCount ? Math.round((t.rightCount * 100) / t.answerCount) : 0,
                    updateTime: fmtTime(t.updateTime),
                  }
                : null,
            };
          });
        },
        () => repo.mineCount(db, userId, f),
      );
    },

    /** Toggles membership; joining needs an open bank (and its points), leaving is always allowed. */
    async join(userId: string, repoId: string) {
      const bank = await visibleRepo(db, userId, repoId).catch(() => null);
      if (!bank) throw notFound('题库不存在或未开放！');
      if (bank.hasJoin) {
        await repo.leaveRepo(db, userId, repoId);
        return { hasJoin: false };
      }
      // A priced bank is joined by its paid order (购买, then the pay service joins it); a buyer who left joins again.
      if (bank.price > 0) {
        if (!(await hasBought(db, userId, OrderItemType.REPO, repoId))) throw conflict('该题库需购买后使用！');
        await db.transaction((tx) => repo.joinRepo(tx, userId, repoId));
        return { hasJoin: true };
      }
      // Points are spent once per bank.
      await db.transaction(async (tx) => {
        await spendPointsOnce(tx, {
          userId,
          refId: `repo:${repoId}`,
          points: bank.points,
          remark: `加入题库：${bank.title}`,
          shortMsg: `积分不足，加入本题库需要${bank.points}积分！`,
        });
        await repo.joinRepo(tx, userId, repoId);
      });
      return { hasJoin: true };
    },

    /** 购买 a priced bank: an order (a second 购买 answers the open one); a points-only bank is joined at once. */
    async buy(userId: string, repoId: string): Promise<BuyRes> {
      const bank = await visibleRepo(db, userId, repoId);
      if (bank.price <= 0) {
        if (!bank.hasJoin) await service.join(userId, repoId);
        return { paid: true, costPoints: bank.points, order: null };
      }
      if (await hasBought(db, userId, OrderItemType.REPO, repoId)) throw conflict('您已购买该题库！');
      const item = await saleItem(db, OrderItemType.REPO, repoId);
      return { paid: false, costPoints: bank.points, order: orderView(await openOrder(db, userId, item!)) };
    },

    async detailForTrain(userId: string, repoId: string): Promise<RepoForTrain> {
      const r = await visibleRepo(db, userId, repoId);
      const [[cat], types, s, unfinished] = await Promise.all([
        repo.catalogTitle(db, repoId),
        repo.typeCounts(db, repoId),
        stats(userId, [repoId]),
        repo.unfinishedTrainings(db, userId, repoId),
      ]);
      const quCount = types.reduce((a, t) => a + Number(t.n), 0);
      const subjCount = Number(types.find((t) => t.quType === QuType.SHORT)?.n ?? 0);
      return {
        id: r.id,
        title: r.title,
        remark: r.remark,
        catId_dictText: cat?.title ?? '',
        price: r.price,
        hasJoin: r.hasJoin,
        quCount,
        subjCount,
        objCount: quCount - subjCount,
        wrongCount: s.wrong.get(repoId) ?? 0,
        types: types
          .map((t) => ({ quType: t.quType, title: QU_TYPE_TITLES[t.quType] ?? '', count: Number(t.n) }))
          .sort((a, b) => a.quType - b.quType),
        unfinished: unfinished.map((t) => ({
          id: t.id,
          trainMode: t.trainMode,
          answerCount: t.answerCount,
          totalCount: t.totalCount,
        })),
      };
    },
  };
  return service;
}
