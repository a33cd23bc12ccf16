import type { OrderParams } from '@exam/contracts';
import { type Db, badRequest, contains, parseTime, schema } from '@exam/server-kit';
import { and, count, desc, eq, gte, lte, or, type SQL } from 'drizzle-orm';

const { elOrder, sysUser } = schema;

/** The admin's search over orders (learner, item, type, state, provider, order number, time of the order). */
export function whereOf(p: OrderParams = {}): SQL | undefined {
  const [from, to] = p.dateRange ?? [];
  const day = (s: string, end: boolean) => {
    try {
      return parseTime(s.length === 10 ? `${s} ${end ? '23:59:59' : '00:00:00'}` : s);
    } catch {
      throw badRequest('时间范围格式不正确！');
    }
  };
  return and(
    p.userName ? or(contains(sysUser.userName, p.userName), contains(sysUser.realName, p.userName)) : undefined,
    p.itemTitle ? contains(elOrder.itemTitle, p.itemTitle) : undefined,
    p.itemType ? eq(elOrder.itemType, p.itemType) : undefined,
    p.state === undefined ? undefined : eq(elOrder.state, p.state),
    p.provider ? eq(elOrder.provider, p.provider) : undefined,
    p.orderId ? contains(elOrder.id, p.orderId) : undefined,
    from ? gte(elOrder.createTime, day(from, false)) : undefined,
    to ? lte(elOrder.createTime, day(to, true)) : undefined,
  );
}

export const orderRows = (db: Db, where: SQL | undefined, limit: number, offset: number) =>
  db
    .select({ o: elOrder, userName: sysUser.userName, realName: sysUser.realName })
    .from(elOrder)
    .leftJoin(sysUser, eq(sysUser.id, elOrder.userId))
    .where(where)
    .orderBy(desc(elOrder.createTime), desc(elOrder.id))
    .limit(limit)
    .offset(offset);

export async function orderCount(db: Db, where: SQL | undefined) {
  const [n] = await db
    .select({ n: count() })
    .from(elOrder)
    .leftJoin(sysUser, eq(sysUser.id, elOrder.userId))
    .where(where);
  return n?.n ?? 0;
}

export const orderRow = async (db: Db, id: string) => (await orderRows(db, eq(elOrder.id, id), 1, 0))[0];
