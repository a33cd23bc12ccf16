import { type ChapterGroup, QU_TYPE_TITLES } from '@exam/contracts';
import { type Db, badRequest, contains, newId, notFound, schema } from '@exam/server-kit';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { visibleRepo } from '../client/repo-access';

/** Title of the group of questions without a chapter. */
export const NO_CHAPTER_TITLE = '未分章节';

/** Chapters of a bank: list (with question counts), save, delete, sort. */
export function chapterService(db: Db) {
  const { elRepoChapter: ch, elQu, elRepo } = schema;
  return {
    async list(repoId: string, title?: string) {
      const rows = await db.select().from(ch).where(and(eq(ch.repoId, repoId), title ? contains(ch.title, title) : undefined)).orderBy(asc(ch.sort), asc(ch.createTime));
      const counts = await db.select({ id: elQu.chapterId, n: count() }).from(elQu).where(and(eq(elQu.repoId, repoId), eq(elQu.parentId, ''))).groupBy(elQu.chapterId);
      const by = new Map(counts.map((c) => [c.id, Number(c.n)]));
      return rows.map((r) => ({ id: r.id, repoId: r.repoId, title: r.title, sort: r.sort, quCount: by.get(r.id) ?? 0 }));
    },
    /**
     * The learner's view of a bank's chapters: top-level questions counted by chapter and type in one grouped
     * query (chapters in their order, questions without a chapter last). Only banks the learner may see.
     */
    async group(userId: string, repoId: string): Promise<ChapterGroup[]> {
      await visibleRepo(db, userId, repoId);
      const rows = await db.select({ chapterId: elQu.chapterId, title: ch.title, sort: ch.sort, quType: elQu.quType, n: count() })
        .from(elQu).leftJoin(ch, and(eq(ch.id, elQu.chapterId), eq(ch.repoId, elQu.repoId)))
        .where(and(eq(elQu.repoId, repoId), eq(elQu.parentId, '')))
        .groupBy(elQu.chapterId, ch.id, ch.title, ch.sort, ch.createTime, elQu.quType)
        .orderBy(sql`${ch.id} is null`, asc(ch.sort), asc(ch.createTime), asc(elQu.quType));
      const groups = new Map<string, ChapterGroup>();
      for (const r of rows) {
        // A question naming a chapter that is gone (or of another bank) counts as without a chapter.
        const id = r.title === null ? '' : r.chapterId;
        const g = groups.get(id) ?? { chapterId: id, title: r.title ?? NO_CHAPTER_TITLE, quCount: 0, types: [] };
        const n = Number(r.n);
        const t = g.types.find((x) => x.quType === r.quType);
        if (t) t.count += n;
        else g.types.push({ quType: r.quType, title: QU_TYPE_TITLES[r.quType] ?? '', count: n });
        g.quCount += n;
        groups.set(id, g);
      }
      return [...groups.values()];
    },
    async save(req: { id?: string; repoId: string; title: string }) {
      const title = req.title.trim();
      if (!title) throw badRequest('章节名称不能为空！');
      const [repo] = await db.select({ id: elRepo.id }).from(elRepo).where(eq(elRepo.id, req.repoId));
      if (!repo) throw badRequest('题库不存在！');
      if (req.id) {
        const done = await db.update(ch).set({ title }).where(and(eq(ch.id, req.id), eq(ch.repoId, req.repoId))).returning({ id: ch.id });
        if (!done.length) throw notFound();
        return { id: req.id };
      }
      const [{ n }] = await db.select({ n: count() }).from(ch).where(eq(ch.repoId, req.repoId));
      const id = newId();
      await db.insert(ch).values({ id, repoId: req.repoId, title, sort: Number(n) + 1 });
      return { id };
    },
    async delete(ids: string[]) {
      await db.transaction(async (tx) => {
        // Questions of a removed chapter stay in the bank, without a chapter.
        await tx.update(elQu).set({ chapterId: '' }).where(inArray(elQu.chapterId, ids));
        await tx.delete(ch).where(inArray(ch.id, ids));
      });
      return null;
    },
    async sort(id: string, sort: number) {
      const done = await db.update(ch).set({ sort }).where(eq(ch.id, id)).returning({ id: ch.id });
      if (!done.length) throw notFound();
      return null;
    },
  };
}
