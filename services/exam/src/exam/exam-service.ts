import {
  type ExamAdminRow,
  type ExamDetail,
  ExamOpenType,
  type ExamRule,
  type ExamSaveReq,
  ExamState,
  type PagingQuery,
  QU_TYPE_TITLES,
  ResultType,
  abcOf,
} from '@exam/contracts';
import {
  type AuthUser,
  type Db,
  badRequest,
  conflict,
  fmtTime,
  forbidden,
  loadQuestions,
  newId,
  notFound,
  pageQuery,
  parseTime,
  richTextToPlain,
  sanitizeRichText,
} from '@exam/server-kit';
import { eligible } from './exam-access';
import * as repo from './exam-repository';
import { drawPaper, optionOrder } from './paper-draw';
import { examSummary } from './exam-summary';

/** Anyone holding one of these sees an exam's secrets and rules. */
export const EXAM_ADMIN_TAGS = ['exam:list', 'exam:add', 'exam:update'];

/** Rules' question count (a fixed group counts its questions). */
const quCountOf = (rules: ExamRule[]) =>
  rules.reduce((n, r) => n + (r.quIds?.length ? r.quIds.length : (r.count ?? 0)), 0);

/** The learner's view of an exam: settings they need, no password, people or rules. */
function learnerDetail(e: repo.ExamRecord, quCount: number): ExamDetail {
  return {
    ...examSummary(e),
    content: e.content,
    examType: e.examType,
    offline: e.offline,
    points: e.points,
    showBook: e.showBook,
    resultType: e.resultType,
    leaveOn: e.leaveOn,
    leaveLimit: e.leaveLimit,
    leaveSec: e.leaveSec,
    camOn: e.camOn,
    camInterval: e.camInterval,
    faceOn: e.faceOn,
    faceChance: e.faceChance,
    pasteBlock: e.pasteBlock,
    quCount,
  };
}

const time = (s: string, what: string) => {
  try {
    return parseTime(s);
  } catch {
    throw badRequest(`${what}格式不正确！`);
  }
};

/**
 * Exams for the admin side: list, detail, save with rule checks, delete, state, paper preview. Papers are
 * drawn from a cached copy of the exam (exam-cache): every change calls `examChanged`, which drops it on every replica.
 */
export function examService({ db, examChanged }: { db: Db; examChanged: (ids: string[]) => Promise<void> }) {
  function checkForm(b: ExamSaveReq, start: Date, end: Date) {
    if (!b.title.trim()) throw badRequest('考试名称不能为空！');
    if (end <= start) throw badRequest('结束时间必须晚于开始时间！');
    if (b.totalTime * 60_000 > end.getTime() - start.getTime()) throw badRequest('考试时长不能超过考试时间段！');
    if (b.openType === ExamOpenType.DEPART && !b.deptCodes?.length) throw badRequest('请选择指定部门！');
    if (b.openType === ExamOpenType.PERSON && !b.userIds?.length) throw badRequest('请选择指定人员！');
    if (b.openType === ExamOpenType.PASSWORD && !b.password?.trim()) throw badRequest('请设置考试密码！');
    if (b.leaveOn && !(b.leaveLimit && b.leaveLimit > 0)) throw badRequest('请设置切屏次数限制！');
    if (b.camOn && !(b.camInterval && b.camInterval > 0)) throw badRequest('请设置抓拍间隔（分钟）！');
    if (b.faceOn && !(b.faceChance && b.faceChance > 0)) throw badRequest('请设置人脸识别失败次数！');
  }

  return {
    paging(q: PagingQuery<{ title?: string; excludes?: string[] }>) {
      const p = q.params ?? {};
      return pageQuery<ExamAdminRow>(
        q,
        async (limit, offset) =>
          (await repo.examRows(db, p, limit, offset)).map(({ e, typeTitle }) => ({
            ...examSummary(e),
            examType: e.examType,
            examType_dictText: typeTitle ?? '',
            offline: e.offline,
            createTime: fmtTime(e.createTime),
          })),
        () => repo.examCount(db, p),
      );
    },

    /**
     * The learner's check page reads this too (spec learner §7): without exam permissions it answers
     * the learner view of an exam they may take, never its password, people or rules.
     */
    async detail(id: string, user: AuthUser): Promise<ExamDetail> {
      const e = await repo.examById(db, id);
      const rules = await repo.rulesOf(db, id);
      if (!user.permissions.some((p) => EXAM_ADMIN_TAGS.includes(p))) {
        if (!(await eligible(db, e, user))) throw notFound('考试不存在或已删除！');
        return learnerDetail(e, quCountOf(rules));
      }
      const people = await repo.peopleOf(db, id);
      const fixed = rules.flatMap((r) => r.quIds ?? []);
      const stems = fixed.length ? await repo.questionStems(db, fixed) : [];
      return {
        ...learnerDetail(e, quCountOf(rules)),
        deptCodes: e.deptCodes,
        userIds: people,
        password: e.password,
        shuffleQu: e.shuffleQu,
        shuffleOpt: e.shuffleOpt,
        partialMultiple: e.partialMultiple,
        rules,
        createTime: fmtTime(e.createTime),
        quTitles: Object.fromEntries(stems.map((q) => [q.id, richTextToPlain(q.content).slice(0, 100)])),
      };
    },

    async save(b: ExamSaveReq, user: AuthUser) {
      // Adding and editing are separate grants.
      if (!user.permissions.includes(b.id ? 'exam:update' : 'exam:add')) throw forbidden();
      const start = time(b.startTime, '开始时间');
      const end = time(b.endTime, '结束时间');
      checkForm(b, start, end);
      // The banks must satisfy every rule now; the same draw runs for each paper.
      const drawn = await drawPaper(db, b.rules);
      if (b.qualifyScore > drawn.totalScore) throw badRequest(`及格分不能大于总分（${drawn.totalScore}分）！`);
      const values = {
        title: b.title.trim(),
        cover: (b.cover ?? '').trim(),
        content: sanitizeRichText(b.content ?? ''),
        examType: b.examType ?? 1,
        offline: b.offline ?? false,
        state: b.state ?? ExamState.NORMAL,
        openType: b.openType,
        deptCodes: b.openType === ExamOpenType.DEPART ? (b.deptCodes ?? []) : [],
        password: b.openType === ExamOpenType.PASSWORD ? (b.password ?? '').trim() : '',
        startTime: start,
        endTime: end,
        totalTime: b.totalTime,
        totalScore: drawn.totalScore,
        qualifyScore: b.qualifyScore,
        chance: b.chance ?? 0,
        price: b.price ?? 0,
        points: b.points ?? 0,
        showBook: b.showBook ?? false,
        resultType: b.resultType ?? ResultType.SHEET,
        shuffleQu: b.shuffleQu ?? false,
        shuffleOpt: b.shuffleOpt ?? false,
        partialMultiple: b.partialMultiple ?? false,
        leaveOn: b.leaveOn ?? false,
        leaveLimit: b.leaveLimit ?? 0,
        leaveSec: b.leaveSec ?? 0,
        camOn: b.camOn ?? false,
        camInterval: b.camInterval ?? 0,
        faceOn: b.faceOn ?? false,
        faceChance: b.faceChance ?? 3,
        pasteBlock: b.pasteBlock ?? true,
        updateTime: new Date(),
      };
      const id = b.id ?? newId();
      await db.transaction(async (tx) => {
        if (b.id) {
          if (!(await repo.updateExam(tx, b.id, values))) throw notFound('考试不存在或已删除！');
        } else {
          await repo.insertExam(tx, { id, ...values, createBy: user.id });
        }
        await repo.insertRulesAndPeople(
          tx,
          id,
          b.rules,
          b.openType === ExamOpenType.PERSON ? [...new Set(b.userIds ?? [])] : [],
        );
      });
      await examChanged([id]);
      return { id, totalScore: drawn.totalScore };
    },

    /** Papers are learners' records: an exam that has any is disabled instead (state), never deleted. */
    async delete(ids: string[]) {
      await db.transaction(async (tx) => {
        if ((await repo.paperCount(tx, ids)) > 0) throw conflict('考试已有考生答卷，不能删除，请改为禁用！');
        await repo.deleteExams(tx, ids);
      });
      await examChanged(ids);
    },

    async state(ids: string[], state: 0 | 1) {
      await repo.setState(db, ids, state);
      await examChanged(ids);
    },

    /** One generated paper, not stored: what a learner would get (with the answers, for the author). */
    async preview(b: { rules: ExamSaveReq['rules']; shuffleQu?: boolean; shuffleOpt?: boolean }) {
      const drawn = await drawPaper(db, b.rules, b.shuffleQu);
      const qs = await loadQuestions(
        db,
        drawn.questions.map((q) => q.quId),
      );
      return {
        totalScore: drawn.totalScore,
        quCount: drawn.questions.length,
        groupList: drawn.groups.map((g, i) => {
          const list = drawn.questions.filter((q) => q.groupNo === i);
          return {
            title: g.title,
            quCount: list.length,
            perScore: g.perScore,
            totalScore: Math.round(g.perScore * list.length * 100) / 100,
            quList: list.map((d) => {
              const q = qs.get(d.quId)!;
              const order = optionOrder(q, b.shuffleOpt ?? false)[q.id];
              const byId = new Map(q.options.map((o) => [o.id, o]));
              return {
                quId: q.id,
                quType: q.quType,
                quType_dictText: QU_TYPE_TITLES[q.quType] ?? '',
                content: q.content,
                score: d.score,
                subCount: q.subs.length,
                answerList: order.map((oid, k) => {
                  const o = byId.get(oid)!;
                  return {
                    id: oid,
                    abc: abcOf(k),
                    content: o.content,
                    image: o.image,
                    isRight: o.isRight,
                    answer: o.answer,
                  };
                }),
              };
            }),
          };
        }),
      };
    },
  };
}
