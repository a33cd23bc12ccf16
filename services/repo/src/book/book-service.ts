import { type BookRow, type PagingQuery, QU_TYPE_TITLES } from '@exam/contracts';
import { type BookKey, type Db, badRequest, dropEmpty, fmtTime, loadQuestions, newId, notFound, pageQuery, schema, toView } from '@exam/server-kit';
import { type SQL, and, count, desc, eq, inArray, ne } from 'drizzle-orm';
import { learnerAnswers } from '../qu/learner-answers';
import { checkQuRef } from './qu-access';

type Params = { refType?: 'repo' | 'exam'; refId?: string; kind?: 'wrong' | 'fav' | 'note' };

/** The learner's wrong-question and favourites book; every row is scoped to the signed-in learner. */
export function bookService(db: Db) {
  const { elBook: b, elQu, elRepo, elExam, elTrain, elTrainQu } = schema;
  /** Marks, notes and reading need the right to read the question under its ref (see checkQuRef). */
  const checkRef = (k: BookKey) => checkQuRef(db, k);
  const keyOf = (k: BookKey) => and(eq(b.userId, k.userId), eq(b.refType, k.refType), eq(b.refId, k.refId), eq(b.quId, k.quId));
  async function mark(k: BookKey) {
    const [row] = await db.select({ favMark: b.favMark, favNote: b.favNote }).from(b).where(keyOf(k));
    return row ?? { favMark: false, favNote: '' };
  }
  async function upsert(k: BookKey, set: { favMark?: boolean; favNote?: string }) {
    await checkRef(k);
    await db.transaction(async (tx) => {
      await tx.insert(b).values({ id: newId(), ...k, ...set }).onConflictDoUpdate({ target: [b.userId, b.refType, b.refId, b.quId], set: { ...set, updateTime: new Date() } });
      await dropEmpty(tx, k);
    });
    return mark(k);
  }

  return {
    paging(userId: string, q: PagingQuery<Params>) {
      const p = q.params ?? {};
      const kind = p.kind === 'fav' ? eq(b.favMark, true) : p.kind === 'note' ? ne(b.favNote, '') : eq(b.inWrong, true);
      const cond = and(eq(b.userId, userId), kind, p.refType ? eq(b.refType, p.refType) : undefined, p.refId ? eq(b.refId, p.refId) : undefined) as SQL;
      return pageQuery<BookRow>(
        q,
        async (limit, offset) =>
          (await db.select({ b, quType: elQu.quType, text: elQu.contentText, repo: elRepo.title, exam: elExam.title }).from(b)
            .innerJoin(elQu, eq(elQu.id, b.quId)).leftJoin(elRepo, and(eq(b.refType, 'repo'), eq(elRepo.id, b.refId)))
            .leftJoin(elExam, and(eq(b.refType, 'exam'), eq(elExam.id, b.refId)))
            .where(cond).orderBy(desc(b.updateTime), desc(b.id)).limit(limit).offset(offset)
          ).map((r) => ({
            id: r.b.id, refType: r.b.refType, refId: r.b.refId, refTitle: r.repo ?? r.exam ?? '', quId: r.b.quId, quType: r.quType,
            quType_dictText: QU_TYPE_TITLES[r.quType] ?? '', contentText: r.text, inWrong: r.b.inWrong, wrongCount: r.b.wrongCount,
            favMark: r.b.favMark, favNote: r.b.favNote, updateTime: fmtTime(r.b.updateTime),
          })),
        async () => Number((await db.select({ n: count() }).from(b).where(cond))[0].n),
      );
    },

    async detail(userId: string, id: string) {
      const [row] = await db.select().from(b).where(and(eq(b.id, id), eq(b.userId, userId)));
      const q = row && (await loadQuestions(db, [row.quId])).get(row.quId);
      if (!row || !q) throw notFound();
      const ref = { refType: row.refType as BookKey['refType'], refId: row.refId };
      await checkRef({ userId, ...ref, quId: row.quId });
      // The solution only for questions this learner has answered (a favourite alone does not reveal it).
      const [answered] = row.wrongCount > 0 ? [true] : await db.select({ n: elTrainQu.quId }).from(elTrainQu)
        .innerJoin(elTrain, eq(elTrain.id, elTrainQu.trainId)).where(and(eq(elTrain.userId, userId), eq(elTrainQu.quId, row.quId), eq(elTrainQu.answered, true))).limit(1);
      return {
        id: row.id, refType: row.refType, refId: row.refId, quId: row.quId, favMark: row.favMark, favNote: row.favNote, wrongCount: row.wrongCount,
        // Then the shared rule: not while an open paper holds it; under an exam, as its result rule allows.
        qu: toView(q), ...(answered ? await learnerAnswers(db, userId).solutionOf(q, ref) : {}),
      };
    },

    async delete(userId: string, ids: string[], removeFav = false, removeNote = false) {
      await db.transaction(async (tx) => {
        const rows = await tx.select().from(b).where(and(inArray(b.id, ids), eq(b.userId, userId)));
        if (rows.length !== new Set(ids).size) throw notFound();
        await tx.update(b).set({ inWrong: false, ...(removeFav ? { favMark: false } : {}), ...(removeNote ? { favNote: '' } : {}), updateTime: new Date() })
          .where(inArray(b.id, ids));
        for (const r of rows) await dropEmpty(tx, { userId, refType: r.refType as 'repo', refId: r.refId, quId: r.quId });
      });
      return null;
    },

    async autoRemove(userId: string, refId: string, quId: string) {
      await db.transaction(async (tx) => {
        const rows = await tx.update(b).set({ inWrong: false, updateTime: new Date() })
          .where(and(eq(b.userId, userId), eq(b.refId, refId), eq(b.quId, quId))).returning();
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
