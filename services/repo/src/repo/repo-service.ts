import { LEVEL_TITLES, type PagingQuery, QU_TYPE_TITLES, type RepoAdminRow, type RepoDetail, type RepoSaveReq } from '@exam/contracts';
import { type Db, badRequest, conflict, contains, fmtTime, newId, notFound, pageQuery, schema } from '@exam/server-kit';
import { type SQL, and, count, desc, eq, inArray, notInArray } from 'drizzle-orm';
import { examUsingRepos } from './repo-usage';

export type RepoParams = { title?: string; catId?: string; excludes?: string[] };

/** The catalogue title next to catId (dictionary repo_catalog). */
export const catJoin = () => and(eq(schema.sysDicValue.dicCode, 'repo_catalog'), eq(schema.sysDicValue.value, schema.elRepo.catId));

/**
 * Banks of a catalogue, its sub-catalogues included: dictionary values form a tree by parentId (row
 * ids), and banks carry the value. A value not in the dictionary still matches itself.
 */
export async function catFilter(db: Db, catId?: string): Promise<SQL | undefined> {
  if (!catId) return undefined;
  const { sysDicValue: v, elRepo } = schema;
  const rows = await db.select({ id: v.id, parentId: v.parentId, value: v.value }).from(v).where(eq(v.dicCode, 'repo_catalog'));
  const values = new Set([catId]);
  let level = rows.filter((r) => r.value === catId).map((r) => r.id);
  while (level.length) {
    const kids = rows.filter((r) => level.includes(r.parentId) && !values.has(r.value));
    kids.forEach((k) => values.add(k.value));
    level = kids.map((k) => k.id);
  }
  return inArray(elRepo.catId, [...values]);
}

/** Admin side of banks: list, read, write, delete, statistics. */
export function repoService(db: Db) {
  const { elRepo, elQu, sysDicValue } = schema;

  async function counts(repoId: string) {
    const rows = await db.select({ quType: elQu.quType, level: elQu.level, n: count() }).from(elQu)
      .where(and(eq(elQu.repoId, repoId), eq(elQu.parentId, ''))).groupBy(elQu.quType, elQu.level);
    const quCount = rows.reduce((s, r) => s + Number(r.n), 0);
    const subjCount = rows.filter((r) => r.quType === 4).reduce((s, r) => s + Number(r.n), 0);
    return { rows, quCount, subjCount, objCount: quCount - subjCount };
  }

  return {
    async paging(q: PagingQuery<RepoParams>) {
      const p = q.params ?? {};
      const cond = and(
        p.title ? contains(elRepo.title, p.title) : undefined,
        await catFilter(db, p.catId),
        p.excludes?.length ? notInArray(elRepo.id, p.excludes) : undefined,
      ) as SQL | undefined;
      return pageQuery<RepoAdminRow>(
        q,
        async (limit, offset) =>
          (await db.select({ r: elRepo, cat: sysDicValue.title }).from(elRepo).leftJoin(sysDicValue, catJoin())
            .where(cond).orderBy(desc(elRepo.createTime), desc(elRepo.id)).limit(limit).offset(offset)
          ).map(({ r, cat }) => ({
            id: r.id, title: r.title, catId: r.catId, catId_dictText: cat ?? '', price: r.price, points: r.points, quCount: r.quCount,
            isOpen: r.isOpen, examOnly: r.examOnly, createTime: fmtTime(r.createTime),
          })),
        async () => Number((await db.select({ n: count() }).from(elRepo).where(cond))[0].n),
      );
    },

    async detail(id: string): Promise<RepoDetail> {
      const [row] = await db.select({ r: elRepo, cat: sysDicValue.title }).from(elRepo).leftJoin(sysDicValue, catJoin()).where(eq(elRepo.id, id));
      if (!row) throw notFound();
      const { r } = row;
      const c = await counts(id);
      return {
        id: r.id, title: r.title, catId: r.catId, catId_dictText: row.cat ?? '', price: r.price, points: r.points, cover: r.cover,
        remark: r.remark, isOpen: r.isOpen, examOnly: r.examOnly, quCount: c.quCount, objCount: c.objCount, subjCount: c.subjCount,
      };
    },

    async save(req: RepoSaveReq, userId: string) {
      const title = req.title.trim();
      if (!title) throw badRequest('题库名称不能为空！');
      const values = {
        title, catId: req.catId ?? '', price: req.price ?? 0, points: req.points ?? 0, cover: req.cover ?? '', remark: req.remark ?? '', isOpen: req.isOpen ?? false,
        examOnly: req.examOnly ?? false,
      };
      if (req.id) {
        const done = await db.update(elRepo).set(values).where(eq(elRepo.id, req.id)).returning({ id: elRepo.id });
        if (!done.length) throw notFound();
        return { id: req.id };
      }
      const id = newId();
      await db.insert(elRepo).values({ id, createBy: userId, ...values });
      return { id };
    },

    async delete(ids: string[]) {
      await db.transaction(async (tx) => {
        const exam = await examUsingRepos(tx, ids);
        if (exam) throw conflict(`题库已被考试【${exam}】使用，不能删除！`);
        await tx.delete(elRepo).where(inArray(elRepo.id, ids));
      });
      return null;
    },

    async stat(id: string) {
      const [r] = await db.select({ id: elRepo.id }).from(elRepo).where(eq(elRepo.id, id));
      if (!r) throw notFound();
      const c = await counts(id);
      const sum = (key: 'quType' | 'level', titles: Record<number, string>) =>
        Object.entries(titles).map(([k, title]) => ({
          key: Number(k), title, count: c.rows.filter((x) => x[key] === Number(k)).reduce((s, x) => s + Number(x.n), 0),
        }));
      return { quCount: c.quCount, objCount: c.objCount, subjCount: c.subjCount, byType: sum('quType', QU_TYPE_TITLES), byLevel: sum('level', LEVEL_TITLES) };
    },
  };
}
