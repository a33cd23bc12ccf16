import {
  LEVEL_TITLES,
  type PagingQuery,
  QU_TYPE_TITLES,
  QuType,
  type RepoAdminRow,
  type RepoDetail,
  type RepoSaveReq,
} from '@exam/contracts';
import { type Db, badRequest, conflict, fmtTime, newId, notFound, pageQuery } from '@exam/server-kit';
import * as repo from './repo-repository';

export type RepoParams = { title?: string; catId?: string; excludes?: string[] };

/**
 * The catalogue values a filter by catalogue matches: dictionary values form a tree by parentId (row
 * ids), and banks carry the value, so a catalogue takes its sub-catalogues along. A value not in the
 * dictionary still matches itself.
 */
export async function catalogIds(db: Db, catId?: string): Promise<string[] | undefined> {
  if (!catId) return undefined;
  const rows = await repo.catalogValues(db);
  const values = new Set([catId]);
  let level = rows.filter((r) => r.value === catId).map((r) => r.id);
  while (level.length) {
    const kids = rows.filter((r) => level.includes(r.parentId) && !values.has(r.value));
    kids.forEach((k) => values.add(k.value));
    level = kids.map((k) => k.id);
  }
  return [...values];
}

/** Admin side of banks: list, read, write, delete, statistics. */
export function repoService(db: Db) {
  async function counts(repoId: string) {
    const rows = await repo.typeLevelCounts(db, repoId);
    const quCount = rows.reduce((s, r) => s + Number(r.n), 0);
    const subjCount = rows.filter((r) => r.quType === QuType.SHORT).reduce((s, r) => s + Number(r.n), 0);
    return { rows, quCount, subjCount, objCount: quCount - subjCount };
  }

  return {
    async paging(q: PagingQuery<RepoParams>) {
      const p = q.params ?? {};
      const filter = { title: p.title, catIds: await catalogIds(db, p.catId), excludes: p.excludes };
      return pageQuery<RepoAdminRow>(
        q,
        async (limit, offset) =>
          (await repo.repoRows(db, filter, limit, offset)).map(({ r, cat }) => ({
            id: r.id,
            title: r.title,
            catId: r.catId,
            catId_dictText: cat ?? '',
            price: r.price,
            points: r.points,
            quCount: r.quCount,
            isOpen: r.isOpen,
            examOnly: r.examOnly,
            createTime: fmtTime(r.createTime),
          })),
        () => repo.repoCount(db, filter),
      );
    },

    async detail(id: string): Promise<RepoDetail> {
      const row = await repo.repoWithCat(db, id);
      if (!row) throw notFound();
      const { r } = row;
      const c = await counts(id);
      return {
        id: r.id,
        title: r.title,
        catId: r.catId,
        catId_dictText: row.cat ?? '',
        price: r.price,
        points: r.points,
        cover: r.cover,
        remark: r.remark,
        isOpen: r.isOpen,
        examOnly: r.examOnly,
        quCount: c.quCount,
        objCount: c.objCount,
        subjCount: c.subjCount,
      };
    },

    async save(req: RepoSaveReq, userId: string) {
      const title = req.title.trim();
      if (!title) throw badRequest('题库名称不能为空！');
      const values = {
        title,
        catId: req.catId ?? '',
        price: req.price ?? 0,
        points: req.points ?? 0,
        cover: req.cover ?? '',
        remark: req.remark ?? '',
        isOpen: req.isOpen ?? false,
        examOnly: req.examOnly ?? false,
      };
      if (req.id) {
        if (!(await repo.updateRepo(db, req.id, values))) throw notFound();
        return { id: req.id };
      }
      const id = newId();
      await repo.insertRepo(db, { id, createBy: userId, ...values });
      return { id };
    },

    async delete(ids: string[]) {
      await db.transaction(async (tx) => {
        const exam = await repo.examUsingRepos(tx, ids);
        if (exam) throw conflict(`题库已被考试【${exam}】使用，不能删除！`);
        await repo.deleteRepos(tx, ids);
      });
      return null;
    },

    async stat(id: string) {
      if (!(await repo.repoExists(db, id))) throw notFound();
      const c = await counts(id);
      const sum = (key: 'quType' | 'level', titles: Record<number, string>) =>
        Object.entries(titles).map(([k, title]) => ({
          key: Number(k),
          title,
          count: c.rows.filter((x) => x[key] === Number(k)).reduce((s, x) => s + Number(x.n), 0),
        }));
      return {
        quCount: c.quCount,
        objCount: c.objCount,
        subjCount: c.subjCount,
        byType: sum('quType', QU_TYPE_TITLES),
        byLevel: sum('level', LEVEL_TITLES),
      };
    },
  };
}
