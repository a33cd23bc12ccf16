import {
  FILE_GET_PREFIX,
  type PagingQuery,
  QU_TYPE_TITLES,
  type QuDetail,
  type QuRow,
  type QuSaveReq,
} from '@exam/contracts';
import {
  type Db,
  type FullQu,
  badRequest,
  conflict,
  fmtTime,
  inUnfinishedPaper,
  loadQuestions,
  notFound,
  pageQuery,
  richTextToPlain,
  validateQuestion,
} from '@exam/server-kit';
import * as repo from './qu-repository';
import { chapterInRepo } from '../repo/chapter-repository';
import { repoExists } from '../repo/repo-repository';

type Params = repo.QuFilter;
type Draft = Omit<QuSaveReq, 'repoId' | 'chapterId' | 'subList'> & { subList?: Draft[] };

/** Option pictures are files our upload stored or absolute http(s) URLs; never `javascript:` and the like. */
const OPTION_IMAGE = new RegExp(`^(https?://|${FILE_GET_PREFIX})[^\\s"'<>]*$`);
const badImage = (d: Draft): boolean =>
  (d.answerList ?? []).some((o) => !!o.image && (!OPTION_IMAGE.test(o.image) || o.image.includes('..'))) ||
  (d.subList ?? []).some(badImage);

/** Checks a question by its type; the message names the problem (editor and import share it). */
export const checkDraft = (d: QuSaveReq) =>
  badImage(d) ? '选项图片地址不正确！' : validateQuestion(d as never, richTextToPlain);

const detailOf = (q: FullQu) => ({
  id: q.id,
  quType: q.quType,
  level: q.level,
  content: q.content,
  analysis: q.analysis,
  refAnswer: q.refAnswer,
  keywords: q.keywords,
  answerList: q.options.map((o) => ({
    id: o.id,
    content: o.content,
    isRight: o.isRight,
    score: o.score,
    answer: o.answer,
    image: o.image,
  })),
});

/** Admin side of questions: list, read, write, delete. */
export function quService(db: Db) {
  async function checkPlace(repoId: string, chapterId?: string) {
    if (!(await repoExists(db, repoId))) throw badRequest('题库不存在！');
    if (chapterId && !(await chapterInRepo(db, chapterId, repoId))) throw badRequest('章节不存在！');
  }

  /**
   * Grading and review read the question as it is now, so a question in a paper that is still being
   * answered (0), is being graded by the queue (4) or awaits review (1) stays as it was drawn until that paper is final.
   */
  async function assertNotInOpenPapers(ids: string[]) {
    if (await inUnfinishedPaper(db, ids))
      throw conflict('试题正在考试中使用（有未交卷或待阅卷的试卷），暂不能修改或删除！');
  }

  return {
    async paging(q: PagingQuery<Params>) {
      const p = q.params ?? {};
      return pageQuery<QuRow>(
        q,
        async (limit, offset) =>
          (await repo.quRows(db, p, limit, offset)).map((r) => ({
            id: r.q.id,
            repoId: r.q.repoId,
            repoTitle: r.repoTitle,
            quType: r.q.quType,
            quType_dictText: QU_TYPE_TITLES[r.q.quType] ?? '',
            level: r.q.level,
            contentText: r.q.contentText,
            chapterId: r.q.chapterId,
            chapterTitle: r.chapterTitle ?? '',
            createTime: fmtTime(r.q.createTime),
          })),
        () => repo.quCount(db, p),
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
        const old = await repo.quPlace(db, req.id);
        if (!old || old.parentId !== '') throw notFound('试题不存在或已被删除！');
        if (old.quType !== req.quType) throw badRequest('试题类型不能修改！');
        await assertNotInOpenPapers([req.id]);
        oldRepo = old.repoId;
      }
      const err = checkDraft(req);
      if (err) throw badRequest(err);
      await checkPlace(req.repoId, req.chapterId);
      return db.transaction(async (tx) => {
        const id = await repo.writeQuestion(tx, req, userId);
        await repo.recountRepo(tx, req.repoId);
        if (oldRepo && oldRepo !== req.repoId) await repo.recountRepo(tx, oldRepo);
        return { id };
      });
    },

    async delete(ids: string[]) {
      await assertNotInOpenPapers(ids);
      await db.transaction(async (tx) => {
        for (const r of await repo.deleteQuestions(tx, ids)) await repo.recountRepo(tx, r);
      });
      return null;
    },
  };
}
