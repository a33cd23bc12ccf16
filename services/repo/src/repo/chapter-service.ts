import { type ChapterGroup, QU_TYPE_TITLES } from '@exam/contracts';
import { type Db, badRequest, newId, notFound } from '@exam/server-kit';
import { visibleRepo } from '../client/repo-access';
import * as repo from './chapter-repository';
import { repoExists } from './repo-repository';

/** Title of the group of questions without a chapter. */
export const NO_CHAPTER_TITLE = '未分章节';

/** Chapters of a bank: list (with question counts), save, delete, sort. */
export function chapterService(db: Db) {
  return {
    async list(repoId: string, title?: string) {
      const rows = await repo.chaptersOf(db, repoId, title);
      const counts = await repo.countsByChapter(db, repoId);
      const by = new Map(counts.map((c) => [c.id, Number(c.n)]));
      return rows.map((r) => ({
        id: r.id,
        repoId: r.repoId,
        title: r.title,
        sort: r.sort,
        quCount: by.get(r.id) ?? 0,
      }));
    },
    /**
     * The learner's view of a bank's chapters: question counts by chapter and type (chapters in their order,
     * questions without a chapter last). Only banks the learner may see.
     */
    async group(userId: string, repoId: string): Promise<ChapterGroup[]> {
      await visibleRepo(db, userId, repoId);
      const rows = await repo.countsByChapterAndType(db, repoId);
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
      if (!(await repoExists(db, req.repoId))) throw badRequest('题库不存在！');
      if (req.id) {
        if (!(await repo.renameChapter(db, req.id, req.repoId, title))) throw notFound();
        return { id: req.id };
      }
      const n = await repo.chapterCount(db, req.repoId);
      const id = newId();
      await repo.insertChapter(db, { id, repoId: req.repoId, title, sort: n + 1 });
      return { id };
    },
    async delete(ids: string[]) {
      await db.transaction((tx) => repo.deleteChapters(tx, ids));
      return null;
    },
    async sort(id: string, sort: number) {
      if (!(await repo.sortChapter(db, id, sort))) throw notFound();
      return null;
    },
  };
}
