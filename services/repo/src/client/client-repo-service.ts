import { type MyRepoRow, type OpenRepoRow, type PagingQuery, QU_TYPE_TITLES, TRAIN_MODE_TITLES, type RepoForTrain } from '@exam/contracts';
import { type Db, conflict, contains, fmtTime, notFound, pageQuery, schema, spendPointsOnce } from '@exam/server-kit';
import { type SQL, and, count, countDistinct, desc, eq, inArray } from 'drizzle-orm';
import { catFilter, catJoin } from '../repo/repo-service';
import { visibleRepo } from './repo-access';

type Params = { title?: string; catId?: string };

/** Learner side of banks: open banks, my banks, join toggle, the bank view. */
export function clientRepoService(db: Db) {
  const { elRepo, elRepoJoin, elTrain, elTrainQu, elBook, elQu, sysDicValue } = schema;
  const filter = async (p: Params = {}) => [p.title ? contains(elRepo.title, p.title) : undefined, await catFilter(db, p.catId)];
  const joinOf = (userId: string) => and(eq(elRepoJoin.repoId, elRepo.id), eq(elRepoJoin.userId, userId));

  /** Per bank of one learner: questions covered, wrong count, trainings and the latest one. */
  async function stats(userId: string, repoIds: string[]) {
    if (!repoIds.length) return { cover: new Map(), wrong: new Map(), trains: new Map(), latest: new Map() };
    const mineTrain = and(eq(elTrain.userId, userId), inArray(elTrain.repoId, repoIds));
    const [cover, wrong, trains, recent] = await Promise.all([
      db.select({ id: elTrain.repoId, n: countDistinct(elTrainQu.quId) }).from(elTrainQu).innerJoin(elTrain, eq(elTrain.id, elTrainQu.trainId))
        .where(and(mineTrain, eq(elTrainQu.answered, true))).groupBy(elTrain.repoId),
      db.select({ id: elBook.refId, n: count() }).from(elBook)
        .where(and(eq(elBook.userId, userId), eq(elBook.refType, 'repo'), inArray(elBook.refId, repoIds), eq(elBook.inWrong, true))).groupBy(elBook.refId),
      db.select({ id: elTrain.repoId, n: count() }).from(elTrain).where(mineTrain).groupBy(elTrain.repoId),
      db.select().from(elTrain).where(mineTrain).orderBy(desc(elTrain.updateTime)),
    ]);
    const latest = new Map<string, typeof recent[number]>();
    for (const t of recent) if (!latest.has(t.repoId)) latest.set(t.repoId, t);
    const m = (rows: { id: string; n: number }[]) => new Map(rows.map((r) => [r.id, Number(r.n)]));
    return { cover: m(cover), wrong: m(wrong), trains: m(trains), latest };
  }

  return {
    async openPaging(userId: string, q: PagingQuery<Params>) {
      const cond = and(eq(elRepo.isOpen, true), eq(elRepo.examOnly, false), ...(await filter(q.params))) as SQL;
      return pageQuery<OpenRepoRow>(
        q,
        async (limit, offset) =>
          (await db.select({ r: elRepo, cat: sysDicValue.title, joined: elRepoJoin.userId }).from(elRepo).leftJoin(sysDicValue, catJoin())
            .leftJoin(elRepoJoin, joinOf(userId)).where(cond).orderBy(desc(elRepo.createTime), desc(elRepo.id)).limit(limit).offset(offset)
          ).map(({ r, cat, joined }) => ({
            id: r.id, title: r.title, price: r.price, points: r.points, catId: r.catId, catId_dictText: cat ?? '', quCount: r.quCount, hasJoin: !!joined, cover: r.cover,
          })),
        async () => Number((await db.select({ n: count() }).from(elRepo).where(cond))[0].n),
      );
    },

    async minePaging(userId: string, q: PagingQuery<Params>) {
      const cond = and(eq(elRepoJoin.userId, userId), eq(elRepo.examOnly, false), ...(await filter(q.params))) as SQL;
      return pageQuery<MyRepoRow>(
        q,
        async (limit, offset) => {
          const rows = await db.select({ r: elRepo, cat: sysDicValue.title }).from(elRepoJoin).innerJoin(elRepo, eq(elRepo.id, elRepoJoin.repoId))
            .leftJoin(sysDicValue, catJoin()).where(cond).orderBy(desc(elRepoJoin.createTime), desc(elRepo.id)).limit(limit).offset(offset);
          const s = await stats(userId, rows.map((x) => x.r.id));
          return rows.map(({ r, cat }) => {
            const coverCount = s.cover.get(r.id) ?? 0;
            const t = s.latest.get(r.id);
            return {
              id: r.id, title: r.title, price: r.price, points: r.points, catId: r.catId, catId_dictText: cat ?? '', quCount: r.quCount, coverCount,
              coverRate: r.quCount ? Math.min(100, Math.round((coverCount * 100) / r.quCount)) : 0, wrongCount: s.wrong.get(r.id) ?? 0,
              trainCount: s.trains.get(r.id) ?? 0,
              latestTrain: t ? { trainMode_dictText: TRAIN_MODE_TITLES[t.trainMode] ?? t.trainMode, percent: t.answerCount ? Math.round((t.rightCount * 100) / t.answerCount) : 0, updateTime: fmtTime(t.updateTime) } : null,
            };
          });
        },
        async () => Number((await db.select({ n: count() }).from(elRepoJoin).innerJoin(elRepo, eq(elRepo.id, elRepoJoin.repoId)).where(cond))[0].n),
      );
    },

    /** Toggles membership; joining needs an open bank (and its points), leaving is always allowed. */
    async join(userId: string, repoId: string) {
      const repo = await visibleRepo(db, userId, repoId).catch(() => null);
      if (!repo) throw notFound('题库不存在或未开放！');
      if (repo.hasJoin) {
        await db.delete(elRepoJoin).where(and(eq(elRepoJoin.userId, userId), eq(elRepoJoin.repoId, repoId)));
        return { hasJoin: false };
      }
      // No payment flow exists: a priced bank cannot be joined online; points are spent once per bank.
      if (repo.price > 0) throw conflict('该题库需购买后使用，暂不支持在线支付！');
      await db.transaction(async (tx) => {
        await spendPointsOnce(tx, {
          userId, refId: `repo:${repoId}`, points: repo.points, remark: `加入题库：${repo.title}`, shortMsg: `积分不足，加入本题库需要${repo.points}积分！`,
        });
        await tx.insert(elRepoJoin).values({ userId, repoId }).onConflictDoNothing();
      });
      return { hasJoin: true };
    },

    async detailForTrain(userId: string, repoId: string): Promise<RepoForTrain> {
      const r = await visibleRepo(db, userId, repoId);
      const [[cat], types, s, unfinished] = await Promise.all([
        db.select({ title: sysDicValue.title }).from(elRepo).innerJoin(sysDicValue, catJoin()).where(eq(elRepo.id, repoId)),
        db.select({ quType: elQu.quType, n: count() }).from(elQu).where(and(eq(elQu.repoId, repoId), eq(elQu.parentId, ''))).groupBy(elQu.quType),
        stats(userId, [repoId]),
        db.select().from(elTrain).where(and(eq(elTrain.userId, userId), eq(elTrain.repoId, repoId), eq(elTrain.state, 0), eq(elTrain.chapterId, ''))).orderBy(desc(elTrain.updateTime)),
      ]);
      const quCount = types.reduce((a, t) => a + Number(t.n), 0);
      const subjCount = Number(types.find((t) => t.quType === 4)?.n ?? 0);
      return {
        id: r.id, title: r.title, remark: r.remark, catId_dictText: cat?.title ?? '', price: r.price, hasJoin: r.hasJoin, quCount, subjCount,
        objCount: quCount - subjCount, wrongCount: s.wrong.get(repoId) ?? 0,
        types: types.map((t) => ({ quType: t.quType, title: QU_TYPE_TITLES[t.quType] ?? '', count: Number(t.n) })).sort((a, b) => a.quType - b.quType),
        unfinished: unfinished.map((t) => ({ id: t.id, trainMode: t.trainMode, answerCount: t.answerCount, totalCount: t.totalCount })),
      };
    },
  };
}
