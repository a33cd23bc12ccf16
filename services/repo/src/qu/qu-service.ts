import { type PagingQuery, QU_TYPE_TITLES, type QuDetail, type QuRow, type QuSaveReq } from '@exam/contracts';
import { type Db, type FullQu, badRequest, conflict, contains, fmtTime, loadQuestions, notFound, pageQuery, schema } from '@exam/server-kit';
import { type SQL, and, count, desc, eq, inArray } from 'drizzle-orm';
import { assertDraft, recountRepo, writeQuestion } from './qu-write';

type Params = { repoId?: string; quType?: number; level?: number; chapterId?: string; content?: string };

const detailOf = (q: FullQu) => ({
  id: q.id, quType: q.quType, level: q.level, content: q.content, analysis: q.analysis, refAnswer: q.refAnswer, keywords: q.keywords,
  answerList: q.options.map((o) => ({ id: o.id, content: o.content, isRight: o.isRight, score: o.score, answer: o.answer, image: o.image })),
});

/** Admin side of questions: list, read, write, delete. */
export function quService(db: Db) {
  const { elQu, elRepo, elRepoChapter } = schema;

  async function checkPlace(repoId: string, chapterId?: string) {
    const [repo] = await db.select({ id: elRepo.id }).from(elRepo).where(eq(elRepo.id, repoId));
    if (!repo) throw badRequest('题库不存在！');
    if (chapterId) {
      const [ch] = await db.select({ id: elRepoChapter.id }).from(elRepoChapter).where(and(eq(elRepoChapter.id, chapterId), eq(elRepoChapter.repoId, repoId)));
      if (!ch) throw badRequest('章节不存在！');
    }
  }

  /**
   * Grading and review read the question as it is now, so a question in a paper that is still being
   * answered (0), is being graded by the queue (4) or awaits review (1) stays as it was drawn until that paper is final.
   */
  async function assertNotInOpenPapers(ids: string[]) {
    const { elPaper, elPaperQu } = schema;
    const [used] = await db.select({ quId: elPaperQu.quId }).from(elPaperQu).innerJoin(elPaper, eq(elPaper.id, elPaperQu.paperId))
      .where(and(inArray(elPaperQu.quId, ids), inArray(elPaper.state, [0, 1, 4]))).limit(1);
    if (used) throw conflict('试题正在考试中使用（有未交卷或待阅卷的试卷），暂不能修改或删除！');
  }

  return {
    async paging(q: PagingQuery<Params>) {
      const p = q.params ?? {};
      const cond = and(
        eq(elQu.parentId, ''),
        p.repoId ? eq(elQu.repoId, p.repoId) : undefined,
        p.quType ? eq(elQu.quType, p.quType) : undefined,
        p.level ? eq(elQu.level, p.level) : undefined,
        p.chapterId ? eq(elQu.chapterId, p.chapterId) : undefined,
        p.content ? contains(elQu.contentText, p.content) : undefined,
      ) as SQL;
      return pageQuery<QuRow>(
        q,
        async (limit, offset) =>
          (await db.select({ q: elQu, repoTitle: elRepo.title, chapterTitle: elRepoChapter.title }).from(elQu)
            .innerJoin(elRepo, eq(elRepo.id, elQu.repoId)).leftJoin(elRepoChapter, eq(elRepoChapter.id, elQu.chapterId))
            .where(cond).orderBy(desc(elQu.createTime), desc(elQu.id)).limit(limit).offset(offset)
          ).map((r) => ({
            id: r.q.id, repoId: r.q.repoId, repoTitle: r.repoTitle, quType: r.q.quType, quType_dictText: QU_TYPE_TITLES[r.q.quType] ?? '',
            level: r.q.level, contentText: r.q.contentText, chapterId: r.q.chapterId, chapterTitle: r.chapterTitle ?? '', createTime: fmtTime(r.q.createTime),
          })),
        async () => Number((await db.select({ n: count() }).from(elQu).where(cond))[0].n),
      );
    },

    async detail(id: string): Promise<QuDetail> {
      const q = (await loadQuestions(db, [id])).get(id);
      if (!q) throw notFound();
      return { ...detailOf(q), repoId: q.repoId, chapterId: q.chapterId, subList: q.subs.map(detailOf) };
    },

    async save(req: QuSaveReq, userId: string) {
      // The stored question first: a type change is the problem to name, not what the new type lacks.
      let oldRepo: string | null = null;
      if (req.id) {
        const [old] = await db.select({ repoId: elQu.repoId, parentId: elQu.parentId, quType: elQu.quType }).from(elQu).where(eq(elQu.id, req.id));
        if (!old || old.parentId !== '') throw notFound('试题不存在或已被删除！');
        if (old.quType !== req.quType) throw badRequest('试题类型不能修改！');
        await assertNotInOpenPapers([req.id]);
        oldRepo = old.repoId;
      }
      assertDraft(req);
      await checkPlace(req.repoId, req.chapterId);
      return db.transaction(async (tx) => {
        const id = await writeQuestion(tx, req, userId);
        await recountRepo(tx, req.repoId);
        if (oldRepo && oldRepo !== req.repoId) await recountRepo(tx, oldRepo);
        return { id };
      });
    },

    async delete(ids: string[]) {
      await assertNotInOpenPapers(ids);
      await db.transaction(async (tx) => {
        const rows = await tx.select({ repoId: elQu.repoId }).from(elQu).where(and(inArray(elQu.id, ids), eq(elQu.parentId, '')));
        if (!rows.length) return;
        const repos = [...new Set(rows.map((r) => r.repoId))];
        await tx.delete(elQu).where(inArray(elQu.parentId, ids));
        await tx.delete(elQu).where(and(inArray(elQu.id, ids), eq(elQu.parentId, '')));
        for (const r of repos) await recountRepo(tx, r);
      });
      return null;
    },
  };
}
