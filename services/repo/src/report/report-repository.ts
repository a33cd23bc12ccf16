import { ReportState } from '@exam/contracts';
import { type Db, newId, schema } from '@exam/server-kit';
import { type SQL, and, count, desc, eq, inArray } from 'drizzle-orm';

const { elQuReport: r, elQu, elRepo, sysUser } = schema;
export type ReportFilter = { state?: number; quId?: string };
const cond = (p: ReportFilter) =>
  and(p.state !== undefined ? eq(r.state, p.state) : undefined, p.quId ? eq(r.quId, p.quId) : undefined) as
    | SQL
    | undefined;

export const insertReport = (db: Db, row: { quId: string; userId: string; content: string }) =>
  db.insert(r).values({ id: newId(), ...row });

/** A page of reports with the question's type, text and bank, and the reporter's name. */
export const reportRows = (db: Db, p: ReportFilter, limit: number, offset: number) =>
  db
    .select({ r, quType: elQu.quType, text: elQu.contentText, repo: elRepo.title, realName: sysUser.realName })
    .from(r)
    .innerJoin(elQu, eq(elQu.id, r.quId))
    .innerJoin(elRepo, eq(elRepo.id, elQu.repoId))
    .leftJoin(sysUser, eq(sysUser.id, r.userId))
    .where(cond(p))
    .orderBy(desc(r.createTime), desc(r.id))
    .limit(limit)
    .offset(offset);

export const reportCount = async (db: Db, p: ReportFilter) =>
  Number((await db.select({ n: count() }).from(r).where(cond(p)))[0].n);

export const markHandled = (db: Db, ids: string[], handleBy: string) =>
  db.update(r).set({ state: ReportState.HANDLED, handleBy }).where(inArray(r.id, ids));
