import { QuType, SCALE_TYPES } from '@exam/contracts';
import { afterAll, beforeAll } from '@rstest/core';
import { call, createTestApp, signIn } from '@exam/server-kit/testing';
import { type Db, schema } from '@exam/server-kit';
import { seed as repoSeed, repoService } from '@exam/svc-repo';
import { seed as systemSeed, systemService } from '@exam/svc-system';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { examService, seed as examSeed } from '../index';

/**
 * A test bank of known questions (bank r-t-1) so scores can be checked to the point:
 * single (A right), multiple (A+B right of 4), judge, short, fill-in (2 blanks), matching (3 pairs),
 * composite (a single child + a fill-in child), scale/scoring `v26` `v27` `v28` (option scores 1, 3, 5),
 * and in bank r-t-1z a composite `z1` of a single and a short answer. Ids say what they are: `s1`, `s1a` (its option A).
 */
export async function seedTestBank(
  db: Db,
  repoId = 'r-t-1',
  n = { single: 6, multiple: 4, judge: 4, short: 3, fill: 3, match: 2, comp: 2 },
) {
  const { elRepo, elQu, elQuAnswer } = schema;
  await db
    .insert(elRepo)
    .values({ id: repoId, title: `测试题库${repoId}` })
    .onConflictDoNothing();
  const qus: (typeof elQu.$inferInsert)[] = [];
  const opts: (typeof elQuAnswer.$inferInsert)[] = [];
  const p = `${repoId}-`;
  const choice = (id: string, quType: number, rights: boolean[], parentId = '') => {
    qus.push({ id, repoId, parentId, quType, content: `<p>题目${id}</p>`, analysis: `解析${id}`, level: 1 });
    rights.forEach((isRight, i) =>
      opts.push({ id: `${id}${'abcd'[i]}`, quId: id, sort: i, content: `选项${'ABCD'[i]}`, isRight }),
    );
  };
  for (let i = 1; i <= n.single; i++) choice(`${p}s${i}`, 1, [true, false, false, false]);
  for (let i = 1; i <= n.multiple; i++) choice(`${p}m${i}`, 2, [true, true, false, false]);
  for (let i = 1; i <= n.judge; i++) choice(`${p}j${i}`, 3, [true, false]);
  for (let i = 1; i <= n.short; i++)
    qus.push({
      id: `${p}q${i}`,
      repoId,
      quType: 4,
      content: `简答${i}`,
      refAnswer: '参考答案',
      keywords: '安全||规范',
    });
  const fill = (id: string, parentId = '') => {
    qus.push({ id, repoId, parentId, quType: 5, content: `填空${id}`, analysis: '填空解析' });
    opts.push(
      { id: `${id}a`, quId: id, sort: 0, answer: '北京||Beijing' },
      { id: `${id}b`, quId: id, sort: 1, answer: '2' },
    );
  };
  for (let i = 1; i <= n.fill; i++) fill(`${p}f${i}`);
  for (let i = 1; i <= n.match; i++) {
    qus.push({ id: `${p}x${i}`, repoId, quType: 6, content: `连线${i}` });
    ['猫:喵', '狗:汪', '牛:哞'].forEach((pair, k) => {
      const [l, r] = pair.split(':');
      opts.push({ id: `${p}x${i}${'abc'[k]}`, quId: `${p}x${i}`, sort: k, content: l, answer: r });
    });
  }
  for (let i = 1; i <= n.comp; i++) {
    qus.push({ id: `${p}c${i}`, repoId, quType: 99, content: `组合${i}` });
    choice(`${p}c${i}k1`, 1, [true, false, false, false], `${p}c${i}`);
    fill(`${p}c${i}k2`, `${p}c${i}`);
  }
  // Scale and scoring types (26, 27, 28): options carry scores 1, 3, 5, which must never reach a learner early.
  for (const t of [26, 27, 28]) {
    qus.push({ id: `${p}v${t}`, repoId, quType: t, content: `量表${t}`, analysis: `解析v${t}` });
    [1, 3, 5].forEach((score, k) =>
      opts.push({ id: `${p}v${t}${'abc'[k]}`, quId: `${p}v${t}`, sort: k, content: `程度${k + 1}`, score }),
    );
  }
  // A composite with a short-answer child (single + short), in its own bank so random composite rules never draw it.
  await db
    .insert(elRepo)
    .values({ id: `${repoId}z`, title: `测试题库${repoId}z` })
    .onConflictDoNothing();
  qus.push({ id: `${p}z1`, repoId: `${repoId}z`, quType: 99, content: `组合简答${p}z1` });
  choice(`${p}z1k1`, 1, [true, false, false, false], `${p}z1`);
  qus.push({
    id: `${p}z1k2`,
    repoId: `${repoId}z`,
    parentId: `${p}z1`,
    quType: 4,
    content: '简答子题',
    refAnswer: '参考答案',
    keywords: '安全||规范',
  });
  await db.insert(elQu).values(qus);
  await db.insert(elQuAnswer).values(opts);
}

export type Ctx = { app: FastifyInstance; admin: string; learner: string; learner2: string };

/** The real app with the system, repo and exam services and their seeds, plus the test bank. */
export async function examTestApp(): Promise<Ctx> {
  const app = await startApp();
  await seedTestBank(app.db);
  const [admin, learner, learner2] = await Promise.all([
    signIn(app, 'admin', 'Admin@2026'),
    signIn(app, 'learner', 'Learner@2026'),
    signIn(app, 'learner2', 'Learner@2026'),
  ]);
  return { app, admin, learner, learner2 };
}

/**
 * The test file's app (examTestApp), started before its tests and closed after them: the file reads `ctx.app`,
 * `ctx.learner`, … inside its tests as if it had assigned `ctx` in its own beforeAll.
 */
export function examTestAppPerFile(): Ctx {
  let started: Ctx | undefined;
  beforeAll(async () => {
    started = await examTestApp();
  }, 60_000);
  afterAll(() => started?.app.close());
  return new Proxy({} as Ctx, {
    get(_, key: keyof Ctx) {
      if (!started) throw new Error('the test app starts in beforeAll: read it inside a test or hook');
      return started[key];
    },
  });
}

/**
 * On a loaded 2-core machine migrations plus seeds can overrun avvio's 10 s plugin start limit
 * (buildApp has no option for it): try again rather than fail the whole file.
 */
async function startApp(attempt = 1): Promise<FastifyInstance> {
  try {
    return await createTestApp({
      services: [systemService, repoService, examService],
      seeds: [systemSeed, repoSeed, examSeed],
    });
  } catch (e) {
    if (attempt >= 3 || !String((e as Error).message).includes('did not start in time')) throw e;
    return startApp(attempt + 1);
  }
}

const nowPlus = (min: number) => {
  const d = new Date(Date.now() + min * 60_000 + 8 * 3600_000);
  return d.toISOString().slice(0, 19).replace('T', ' ');
};

/** A valid exam body over the test bank: every type, total 100 (see the score per group). */
export const examBody = (over: Record<string, unknown> = {}) => ({
  title: '测试考试',
  openType: 1,
  startTime: nowPlus(-60),
  endTime: nowPlus(24 * 60),
  totalTime: 30,
  qualifyScore: 60,
  chance: 0,
  showBook: true,
  resultType: 0,
  rules: [
    { title: '单选题', quType: 1, repoIds: ['r-t-1'], count: 5, score: 4 },
    { title: '多选题', quType: 2, repoIds: ['r-t-1'], count: 2, score: 10 },
    { title: '判断题', quType: 3, repoIds: ['r-t-1'], count: 2, score: 10 },
    { title: '简答题', quType: 4, repoIds: ['r-t-1'], count: 1, score: 10 },
    { title: '填空题', quType: 5, repoIds: ['r-t-1'], count: 1, score: 10 },
    { title: '连线题', quType: 6, repoIds: ['r-t-1'], count: 1, score: 9 },
    { title: '组合题', quType: 99, repoIds: ['r-t-1'], count: 1, score: 11 },
  ],
  ...over,
});
export { nowPlus };

/** Every type: the standard groups plus scale/scoring (option scores) and a composite with a short answer. */
export const allTypeRules = () => [
  ...examBody().rules,
  ...SCALE_TYPES.map((t) => ({ title: `量表${t}`, quType: t, quIds: [`r-t-1-v${t}`], score: 5 })),
  { title: '组合简答', quType: QuType.COMPOSITE, quIds: ['r-t-1-z1'], score: 10 },
];

export async function saveExam(ctx: Ctx, over: Record<string, unknown> = {}) {
  const r = await call(ctx.app, '/api/exam/exam/save', examBody(over), ctx.admin);
  if (r.status !== 200) throw new Error(`exam save failed: ${r.body.msg}`);
  return r.body.data.id as string;
}

/** The test bank's six single choices (option a right of each). */
export const SINGLES = ['r-t-1-s1', 'r-t-1-s2', 'r-t-1-s3', 'r-t-1-s4', 'r-t-1-s5', 'r-t-1-s6'];
/** An exam of the six single choices, 10 points each, passed at 10: its id. */
export const singleChoiceExam = (ctx: Ctx, over: Record<string, unknown> = {}) =>
  saveExam(ctx, {
    qualifyScore: 10,
    rules: [{ title: '单选', quType: QuType.SINGLE, quIds: SINGLES, score: 10 }],
    ...over,
  });
/** A learner's paper of an exam, as the exam screen opens it (create-paper): its id. */
export const openPaper = async (ctx: Ctx, examId: string, token = ctx.learner) =>
  (await call(ctx.app, '/api/paper/paper/create-paper', { examId }, token)).body.data.id as string;
/** A paper's stored row. */
export const paperRow = async (app: FastifyInstance, id: string) =>
  (await app.db.select().from(schema.elPaper).where(eq(schema.elPaper.id, id)))[0]!;

/** Stores an answer as a save would (the question's answer row) without a save's checks: a prepared or broken one. */
export const storeAnswer = (app: FastifyInstance, paperId: string, quId: string, answer: string, answered = true) =>
  app.db
    .insert(schema.elPaperAnswer)
    .values({ paperId, quId, answer, answered })
    .onConflictDoUpdate({
      target: [schema.elPaperAnswer.paperId, schema.elPaperAnswer.quId],
      set: { answer, answered },
    });

/** A real JPEG header followed by filler: what a camera frame looks like to the server. */
export const FAKE_JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2048, 7)]).toString(
  'base64',
);

/**
 * Waits until the grading queue has graded these papers (all papers when none are named): hand-exam
 * replies once the paper is marked (state 4 阅卷中), the grade follows a moment later.
 */
export async function graded(app: FastifyInstance, ids?: string[], timeoutMs = 15_000) {
  const { elPaper } = schema;
  const { and, eq, inArray } = await import('drizzle-orm');
  const until = Date.now() + timeoutMs;
  for (;;) {
    const left = await app.db
      .select({ id: elPaper.id })
      .from(elPaper)
      .where(and(eq(elPaper.state, 4), ids ? inArray(elPaper.id, ids) : undefined));
    if (!left.length) return;
    if (Date.now() > until) throw new Error(`papers not graded in time: ${left.map((r) => r.id).join(', ')}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
