import { type BookRow, type PagingQuery, QU_TYPE_TITLES } from '@exam/contracts';
import {
  type BookKey,
  type Db,
  badRequest,
  dropEmpty,
  fmtTime,
  loadQuestions,
  notFound,
  pageQuery,
  toView,
} from '@exam/server-kit';
import { learnerAnswers } from '../qu/learner-answers';
import { answeredInTraining } from '../train/train-repository';
import * as repo from './book-repository';
import { checkQuRef } from './qu-access';

/** The learner's wrong-question and favourites book; every row is scoped to the signed-in learner. */
export function bookService(db: Db) {
  /** Marks, notes and reading need the right to read the question under its ref (see checkQuRef). */
  const checkRef = (k: BookKey) => checkQuRef(db, k);
  const mark = async (k: BookKey) => (await repo.markOf(db, k)) ?? { favMark: false, favNote: '' };
  async function upsert(k: BookKey, set: { favMark?: boolean; favNote?: string }) {
    await checkRef(k);
    await db.transaction(async (tx) => {
      await repo.upsertMark(tx, k, set);
      await dropEmpty(tx, k);
    });
    return mark(k);
  }

  return {
    paging(userId: string, q: PagingQuery<repo.BookFilter>) {
      const p = q.params ?? {};
      return pageQuery<BookRow>(
        q,
        async (limit, offset) =>
          (await repo.bookRows(db, userId, p, limit, offset)).map((r) => ({
            id: r.b.id,
            refType: r.b.refType,
            refId: r.b.refId,
            refTitle: r.repo ?? r.exam ?? '',
            quId: r.b.quId,
            quType: r.quType,
            quType_dictText: QU_TYPE_TITLES[r.quType] ?? '',
            contentText: r.text,
            inWrong: r.b.inWrong,
            wrongCount: r.b.wrongCount,
            favMark: r.b.favMark,
            favNote: r.b.favNote,
            updateTime: fmtTime(r.b.updateTime),
          })),
        () => repo.bookCount(db, userId, p),
      );
    },

    async detail(userId: string, id: string) {
      const row = await repo.ownRow(db, userId, id);
      const q = row && (await loadQuestions(db, [row.quId])).get(row.quId);
      if (!row || !q) throw notFound();
      const ref = { refType: row.refType as BookKey['refType'], refId: row.refId };
      await checkRef({ userId, ...ref, quId: row.quId });
      // The solution only for questions this learner has answered (a favourite alone does not reveal it).
      const answered = row.wrongCount > 0 || (await answeredInTraining(db, userId, row.quId));
      return {
        id: row.id,
        refType: row.refType,
        refId: row.refId,
        quId: row.quId,
        favMark: row.favMark,
        favNote: row.favNote,
        wrongCount: row.wrongCount,
        // Then the shared rule: not while an open paper holds it; under an exam, as its result rule allows.
        qu: toView(q),
        ...(answered ? await learnerAnswers(db, userId).solutionOf(q, ref) : {}),
      };
    },

    async delete(userId: string, ids: string[], removeFav = false, removeNote = false) {
      await db.transaction(async (tx) => {
        const rows = await repo.ownRows(tx, userId, ids);
        if (rows.length !== new Set(ids).size) throw notFound();
        await repo.clearRows(tx, ids, removeFav, removeNote);
        for (const r of rows)
          await dropEmpty(tx, { userId, refType: r.refType as 'repo', refId: r.refId, quId: r.quId });
      });
      return null;
    },

    async autoRemove(userId: string, refId: string, quId: string) {
      await db.transaction(async (tx) => {
        const rows = await repo.clearWrong(tx, userId, refId, quId);
        for (const r of rows) await dropEmpty(tx, { userId, refType: r.refType as 'repo', refId, quId });
      });
      return null;
    },

    markFav: (k: BookKey, favMark: boolean) => upsert(k, { favMark }),
    async writeNote(k: BookKey, favNote: string) {
      if (!favNote.trim()) throw badRequest('笔记内容不能为空！');
      return upsert(k, { favNote: favNote.trim() });
    },
    async findMark(k: BookKey) {
      await checkRef(k);
      return mark(k);
    },
  };
}
