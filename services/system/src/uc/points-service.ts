import type { PagingQuery } from '@exam/contracts';
import { type Db, fmtTime, pageQuery } from '@exam/server-kit';
import { pointsCount, pointsRows } from './points-repository';

/** The signed-in user's points log (积分日志). */
export function pointsService({ db }: { db: Db }) {
  return {
    page: (q: PagingQuery<unknown>, userId: string) =>
      pageQuery(
        q,
        async (limit, offset) =>
          (await pointsRows(db, userId, limit, offset)).map((p) => ({
            id: p.id,
            points: p.points,
            remark: p.remark,
            createTime: fmtTime(p.createTime),
          })),
        () => pointsCount(db, userId),
      ),
  };
}
