import { ExamOpenType, ExamState, QuType, ResultType } from '@exam/contracts';
import { type Seed, newId, schema, seedOnce } from '@exam/server-kit';
import { eq } from 'drizzle-orm';

/** The demo exam's paper: random groups over both demo banks (the repo seed fills them first). */
const DEMO_RULES = [
  // Sized to what both demo banks hold even before they grow (≥ 4 of each type between them).
  { title: '单选题', quType: QuType.SINGLE, count: 5, score: 4 },
  { title: '多选题', quType: QuType.MULTIPLE, count: 4, score: 5 },
  { title: '判断题', quType: QuType.JUDGE, count: 5, score: 4 },
  { title: '填空题', quType: QuType.FILL, count: 4, score: 5 },
  { title: '简答题', quType: QuType.SHORT, count: 2, score: 10 },
];

/** The demo exam as learners see it (its reminder message names it). */
const DEMO_EXAM_TITLE = '安全生产与计算机基础综合考试';

/** What the demo exams share: open to everyone from an hour ago for a year, 30 minutes, 100 points, pass at 60. */
const demoExam = (now: number) => ({
  state: ExamState.NORMAL,
  openType: ExamOpenType.PUBLIC,
  startTime: new Date(now - 3600_000),
  endTime: new Date(now + 365 * 86400_000),
  totalTime: 30,
  totalScore: 100,
  qualifyScore: 60,
  chance: 0,
  resultType: ResultType.SHEET,
});
/** The demo exams' rules over both demo banks. */
const demoRules = (examId: string) =>
  DEMO_RULES.map((r, sort) => ({ id: newId(), examId, sort, ...r, repoIds: ['r-demo-1', 'r-demo-2'], level: 0 }));

/** A demo exam open to every learner now and for a year. */
export const seed: Seed = async (db, config) => {
  if (!config.demoData) return;
  await seedOnce(db, 'exam-demo', async (tx) => {
    const now = Date.now();
    await tx.insert(schema.elExam).values({
      id: 'e-demo-1',
      title: '安全生产知识考试',
      startTime: new Date(now - 3600_000),
      endTime: new Date(now + 365 * 86400_000),
      totalTime: 30,
      totalScore: 100,
      qualifyScore: 60,
      chance: 0,
      createBy: 'u-admin',
    });
  });
  // The exam issue's demo: the same exam made real (rules, open to all, joined by both demo learners).
  await seedOnce(db, 'exam-demo-papers', async (tx) => {
    const now = Date.now();
    const values = {
      title: DEMO_EXAM_TITLE,
      content: '<p>本考试从两个演示题库随机抽题，限时30分钟，可多次参加。</p>',
      ...demoExam(now),
      price: 0,
      points: 0,
      showBook: true,
      shuffleOpt: true,
      updateTime: new Date(now),
    };
    await tx
      .insert(schema.elExam)
      .values({ id: 'e-demo-1', ...values, createBy: 'u-admin' })
      .onConflictDoUpdate({ target: schema.elExam.id, set: values });
    await tx.delete(schema.elExamRule).where(eq(schema.elExamRule.examId, 'e-demo-1'));
    await tx.insert(schema.elExamRule).values(demoRules('e-demo-1'));
    await tx
      .insert(schema.elExamJoin)
      .values(['u-learner', 'u-learner2'].map((userId) => ({ examId: 'e-demo-1', userId })))
      .onConflictDoNothing();
  });
  // The demo learner's reminder of the exam above, by its real name (messages come with what they are about).
  await seedOnce(db, 'exam-demo-msg', async (tx) => {
    const [learner] = await tx
      .select({ id: schema.sysUser.id })
      .from(schema.sysUser)
      .where(eq(schema.sysUser.id, 'u-learner'));
    if (!learner) return;
    await tx.insert(schema.sysUserMsg).values({
      id: newId(),
      userId: learner.id,
      title: '考试安排提醒',
      content: `<p>“${DEMO_EXAM_TITLE}”已开放，请在考试时间内完成作答。</p>`,
    });
  });
  // Issue 40: an exam sold for money (a paid order lets its learner take it), drawn like the demo exam.
  await seedOnce(db, 'exam-demo-priced', async (tx) => {
    await tx.insert(schema.elExam).values({
      id: 'e-demo-2',
      title: '安全生产认证考试（付费）',
      content: '<p>在线支付 9.90 元后参加，限时30分钟。</p>',
      ...demoExam(Date.now()),
      price: 9.9,
      createBy: 'u-admin',
    });
    await tx.insert(schema.elExamRule).values(demoRules('e-demo-2'));
  });
};
