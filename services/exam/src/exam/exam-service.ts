import { type ExamAdminRow, type ExamDetail, type ExamSaveReq, type PagingQuery, QU_TYPE_TITLES, abcOf } from '@exam/contracts';
import {
  type AuthUser, type Db, badRequest, conflict, contains, fmtTime, loadQuestions, newId, notFound, pageQuery, parseTime, richTextToPlain, sanitizeRichText,
  schema,
} from '@exam/server-kit';
import { and, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { examById, learnerDetail, quCountOf, rulesOf } from './exam-store';
import { drawPaper, optionOrder } from './paper-draw';

/** Anyone holding one of these sees an exam's secrets and rules. */
export const EXAM_ADMIN_TAGS = ['exam:list', 'exam:add', 'exam:update'];

const time = (s: string, what: string) => {
  try {
    return parseTime(s);
  } catch {
    throw badRequest(`${what}格式不正确！`);
  }
};

/** Exams for the admin side: list, detail, save with rule checks, delete, state, paper preview. */
export function examService(db: Db) {
  const { elExam, elExamRule, elExamPerson, elPaper, sysDicValue } = schema;

  function checkForm(b: ExamSaveReq, start: Date, end: Date) {
    if (!b.title.trim()) throw badRequest('考试名称不能为空！');
    if (end <= start) throw badRequest('结束时间必须晚于开始时间！');
    if (b.totalTime * 60_000 > end.getTime() - start.getTime()) throw badRequest('考试时长不能超过考试时间段！');
    if (b.openType === 2 && !b.deptCodes?.length) throw badRequest('请选择指定部门！');
    if (b.openType === 3 && !b.userIds?.length) throw badRequest('请选择指定人员！');
    if (b.openType === 9 && !b.password?.trim()) throw badRequest('请设置考试密码！');
    if (b.leaveOn && !(b.leaveLimit && b.leaveLimit > 0)) throw badRequest('请设置切屏次数限制！');
    if (b.camOn && !(b.camInterval && b.camInterval > 0)) throw badRequest('请设置抓拍间隔（分钟）！');
    if (b.faceOn && !(b.faceChance && b.faceChance > 0)) throw badRequest('请设置人脸识别失败次数！');
  }

  return {
    paging(q: PagingQuery<{ title?: string; excludes?: string[] }>) {
      const p = q.params ?? {};
      const cond = and(p.title ? contains(elExam.title, p.title) : undefined, p.excludes?.length ? notInArray(elExam.id, p.excludes) : undefined);
      return pageQuery<ExamAdminRow>(
        q,
        async (limit, offset) =>
          (await db.select({ e: elExam, typeTitle: sysDicValue.title }).from(elExam)
            .leftJoin(sysDicValue, and(eq(sysDicValue.dicCode, 'exam_type'), eq(sysDicValue.value, sql`${elExam.examType}::text`)))
            .where(cond).orderBy(desc(elExam.createTime), desc(elExam.id)).limit(limit).offset(offset)).map(({ e, typeTitle }) => ({
            id: e.id, title: e.title, cover: e.cover, state: e.state, openType: e.openType, startTime: fmtTime(e.startTime), endTime: fmtTime(e.endTime),
            totalTime: e.totalTime, totalScore: e.totalScore, qualifyScore: e.qualifyScore, chance: e.chance, price: e.price,
            examType: e.examType, examType_dictText: typeTitle ?? '', offline: e.offline, createTime: fmtTime(e.createTime),
          })),
        async () => Number((await db.select({ n: count() }).from(elExam).where(cond))[0].n),
      );
    },

    async detail(id: string, user: AuthUser, canSee: (e: typeof elExam.$inferSelect) => Promise<boolean>): Promise<ExamDetail> {
      const e = await examById(db, id);
      const rules = await rulesOf(db, id);
      if (!user.permissions.some((p) => EXAM_ADMIN_TAGS.includes(p))) {
        if (!(await canSee(e))) throw notFound('考试不存在或已删除！');
        return learnerDetail(e, quCountOf(rules));
      }
      const people = await db.select({ userId: elExamPerson.userId }).from(elExamPerson).where(eq(elExamPerson.examId, id));
      const fixed = rules.flatMap((r) => r.quIds ?? []);
      const stems = fixed.length ? await db.select({ id: schema.elQu.id, content: schema.elQu.content }).from(schema.elQu).where(inArray(schema.elQu.id, fixed)) : [];
      return {
        ...learnerDetail(e, quCountOf(rules)), deptCodes: e.deptCodes, userIds: people.map((p) => p.userId), password: e.password,
        shuffleQu: e.shuffleQu, shuffleOpt: e.shuffleOpt, partialMultiple: e.partialMultiple, rules, createTime: fmtTime(e.createTime),
        quTitles: Object.fromEntries(stems.map((q) => [q.id, richTextToPlain(q.content).slice(0, 100)])),
      };
    },

    async save(b: ExamSaveReq, user: AuthUser) {
      const start = time(b.startTime, '开始时间');
      const end = time(b.endTime, '结束时间');
      checkForm(b, start, end);
      // The banks must satisfy every rule now; the same draw runs for each paper.
      const drawn = await drawPaper(db, b.rules);
      if (b.qualifyScore > drawn.totalScore) throw badRequest(`及格分不能大于总分（${drawn.totalScore}分）！`);
      const values = {
        title: b.title.trim(), cover: (b.cover ?? '').trim(), content: sanitizeRichText(b.content ?? ''), examType: b.examType ?? 1, offline: b.offline ?? false,
        state: b.state ?? 0, openType: b.openType, deptCodes: b.openType === 2 ? (b.deptCodes ?? []) : [],
        password: b.openType === 9 ? (b.password ?? '').trim() : '', startTime: start, endTime: end, totalTime: b.totalTime,
        totalScore: drawn.totalScore, qualifyScore: b.qualifyScore, chance: b.chance ?? 0, price: b.price ?? 0, points: b.points ?? 0,
        showBook: b.showBook ?? false, resultType: b.resultType ?? 0, shuffleQu: b.shuffleQu ?? false, shuffleOpt: b.shuffleOpt ?? false,
        partialMultiple: b.partialMultiple ?? false, leaveOn: b.leaveOn ?? false, leaveLimit: b.leaveLimit ?? 0, leaveSec: b.leaveSec ?? 0,
        camOn: b.camOn ?? false, camInterval: b.camInterval ?? 0, faceOn: b.faceOn ?? false, faceChance: b.faceChance ?? 3,
        pasteBlock: b.pasteBlock ?? true, updateTime: new Date(),
      };
      const id = b.id ?? newId();
      await db.transaction(async (tx) => {
        if (b.id) {
          const done = await tx.update(elExam).set(values).where(eq(elExam.id, b.id)).returning({ id: elExam.id });
          if (!done.length) throw notFound('考试不存在或已删除！');
          await tx.delete(elExamRule).where(eq(elExamRule.examId, id));
          await tx.delete(elExamPerson).where(eq(elExamPerson.examId, id));
        } else {
          await tx.insert(elExam).values({ id, ...values, createBy: user.id });
        }
        await tx.insert(elExamRule).values(b.rules.map((r, sort) => ({
          id: newId(), examId: id, sort, title: r.title.trim(), quType: r.quType, repoIds: r.quIds?.length ? [] : (r.repoIds ?? []),
          level: r.level ?? 0, count: r.quIds?.length ? r.quIds.length : (r.count ?? 0), score: r.score, quIds: r.quIds ?? [],
        })));
        const people = b.openType === 3 ? [...new Set(b.userIds ?? [])] : [];
        if (people.length) await tx.insert(elExamPerson).values(people.map((userId) => ({ examId: id, userId })));
      });
      return { id, totalScore: drawn.totalScore };
    },

    /** Papers are learners' records: an exam that has any is disabled instead (state), never deleted. */
    async delete(ids: string[]) {
      await db.transaction(async (tx) => {
        const [used] = await tx.select({ n: count() }).from(elPaper).where(inArray(elPaper.examId, ids));
        if (Number(used.n) > 0) throw conflict('考试已有考生答卷，不能删除，请改为禁用！');
        await tx.delete(elExam).where(inArray(elExam.id, ids));
      });
    },

    async state(ids: string[], state: 0 | 1) {
      await db.update(elExam).set({ state, updateTime: new Date() }).where(inArray(elExam.id, ids));
    },

    /** One generated paper, not stored: what a learner would get (with the answers, for the author). */
    async preview(b: { rules: ExamSaveReq['rules']; shuffleQu?: boolean; shuffleOpt?: boolean }) {
      const drawn = await drawPaper(db, b.rules, b.shuffleQu);
      const qs = await loadQuestions(db, drawn.questions.map((q) => q.quId));
      return {
        totalScore: drawn.totalScore,
        quCount: drawn.questions.length,
        groupList: drawn.groups.map((g, i) => {
          const list = drawn.questions.filter((q) => q.groupNo === i);
          return {
            title: g.title, quCount: list.length, perScore: g.perScore, totalScore: Math.round(g.perScore * list.length * 100) / 100,
            quList: list.map((d) => {
              const q = qs.get(d.quId)!;
              const order = optionOrder(q, b.shuffleOpt ?? false)[q.id];
              const byId = new Map(q.options.map((o) => [o.id, o]));
              return {
                quId: q.id, quType: q.quType, quType_dictText: QU_TYPE_TITLES[q.quType] ?? '', content: q.content, score: d.score, subCount: q.subs.length,
                answerList: order.map((oid, k) => {
                  const o = byId.get(oid)!;
                  return { id: oid, abc: abcOf(k), content: o.content, image: o.image, isRight: o.isRight, answer: o.answer };
                }),
              };
            }),
          };
        }),
      };
    },
  };
}
