import { getTableColumns, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  pgView,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { auditColumns, createTime, time, timestamps, updateTime } from './common';

const score = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' });

/**
 * Exams (DESIGN §3 "Exams and papers"). resultType: 0 score and answer sheet with solutions,
 * 1 only "handed in" (no score, no pass), 2 score and pass without the sheet.
 */
export const elExam = pgTable('el_exam', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  /** Cover image address; '' shows the default cover. */
  cover: text('cover').notNull().default(''),
  content: text('content').notNull().default(''),
  examType: integer('exam_type').notNull().default(1),
  offline: boolean('offline').notNull().default(false),
  /** 0 正常, 1 禁用. */
  state: integer('state').notNull().default(0),
  /** 1 完全公开, 2 指定部门 (deptCodes, sub-departments included), 3 指定人员 (el_exam_person), 9 需要密码. */
  openType: integer('open_type').notNull().default(1),
  deptCodes: jsonb('dept_codes').$type<string[]>().notNull().default([]),
  password: text('password').notNull().default(''),
  startTime: time('start_time').notNull(),
  endTime: time('end_time').notNull(),
  /** Minutes. */
  totalTime: integer('total_time').notNull(),
  totalScore: score('total_score').notNull().default(0),
  qualifyScore: score('qualify_score').notNull().default(0),
  /** Attempts allowed; 0 unlimited. */
  chance: integer('chance').notNull().default(0),
  price: score('price').notNull().default(0),
  points: integer('points').notNull().default(0),
  showBook: boolean('show_book').notNull().default(false),
  resultType: integer('result_type').notNull().default(0),
  shuffleQu: boolean('shuffle_qu').notNull().default(false),
  shuffleOpt: boolean('shuffle_opt').notNull().default(false),
  partialMultiple: boolean('partial_multiple').notNull().default(false),
  /** Anti-cheat: fullscreen + leave monitor; leaves longer than leaveSec count; over leaveLimit the server hands in. */
  leaveOn: boolean('leave_on').notNull().default(false),
  leaveLimit: integer('leave_limit').notNull().default(0),
  leaveSec: integer('leave_sec').notNull().default(0),
  /** Camera capture every camInterval minutes (0 off). */
  camOn: boolean('cam_on').notNull().default(false),
  camInterval: integer('cam_interval').notNull().default(0),
  /** Face check: faceChance consecutive failed captures end the paper. */
  faceOn: boolean('face_on').notNull().default(false),
  faceChance: integer('face_chance').notNull().default(3),
  pasteBlock: boolean('paste_block').notNull().default(true),
  ...auditColumns(),
});

/** Paper rules: a random group (banks, type, level 0 any, count) or a fixed group (quIds); score each. */
export const elExamRule = pgTable(
  'el_exam_rule',
  {
    id: text('id').primaryKey(),
    examId: text('exam_id')
      .notNull()
      .references(() => elExam.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
    title: text('title').notNull(),
    quType: integer('qu_type').notNull().default(0),
    repoIds: jsonb('repo_ids').$type<string[]>().notNull().default([]),
    level: integer('level').notNull().default(0),
    count: integer('count').notNull().default(0),
    score: score('score').notNull().default(0),
    quIds: jsonb('qu_ids').$type<string[]>().notNull().default([]),
  },
  (t) => [index('el_exam_rule_exam').on(t.examId, t.sort)],
);

/** People an open type 3 exam is for. */
export const elExamPerson = pgTable(
  'el_exam_person',
  {
    examId: text('exam_id')
      .notNull()
      .references(() => elExam.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.examId, t.userId] }), index('el_exam_person_user').on(t.userId)],
);

/** Open exams a learner joined (the join toggle): they appear in "my exams". */
export const elExamJoin = pgTable(
  'el_exam_join',
  {
    examId: text('exam_id')
      .notNull()
      .references(() => elExam.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    createTime: createTime(),
  },
  (t) => [primaryKey({ columns: [t.examId, t.userId] }), index('el_exam_join_user').on(t.userId)],
);

/** A learner's results per exam, updated at hand-in (and by review). pointsPaid: points were taken once. */
export const elExamUser = pgTable(
  'el_exam_user',
  {
    examId: text('exam_id')
      .notNull()
      .references(() => elExam.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    tryCount: integer('try_count').notNull().default(0),
    maxScore: score('max_score').notNull().default(0),
    passed: boolean('passed').notNull().default(false),
    pointsPaid: boolean('points_paid').notNull().default(false),
    updateTime: updateTime(),
  },
  (t) => [primaryKey({ columns: [t.examId, t.userId] }), index('el_exam_user_user').on(t.userId)],
);

export type PaperGroup = { title: string; quType: number; perScore: number };

/**
 * Papers: state 0 考试中, 1 待阅卷, 2 已考完, 3 已弃考. exState (dictionary paper_ex_state) 0 正常,
 * 1 作弊, 2 违规, 3 缺考. One open paper per exam and learner, enforced by a partial unique index.
 */
export const elPaper = pgTable(
  'el_paper',
  {
    id: text('id').primaryKey(),
    examId: text('exam_id')
      .notNull()
      .references(() => elExam.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    state: integer('state').notNull().default(0),
    groups: jsonb('groups').$type<PaperGroup[]>().notNull().default([]),
    /**
     * The drawn questions in the paper's order (PaperLayoutQu[] as JSON text): written once with the paper, so a
     * paper starts as this one row; answers get rows of their own at the first save (el_paper_answer). Text, not
     * jsonb: the hot paths only write and read it whole; the el_paper_qu view parses it for the reports.
     */
    qus: text('qus').notNull().default('[]'),
    quCount: integer('qu_count').notNull().default(0),
    totalScore: score('total_score').notNull().default(0),
    qualifyScore: score('qualify_score').notNull().default(0),
    startTime: time('start_time').notNull(),
    /** start + duration, capped at the exam's end. */
    limitTime: time('limit_time').notNull(),
    handTime: time('hand_time'),
    objScore: score('obj_score').notNull().default(0),
    subjScore: score('subj_score').notNull().default(0),
    userScore: score('user_score').notNull().default(0),
    passed: boolean('passed').notNull().default(false),
    leaveTimes: integer('leave_times').notNull().default(0),
    /** Consecutive failed captures (a good capture resets it). */
    faceFails: integer('face_fails').notNull().default(0),
    exState: integer('ex_state').notNull().default(0),
    exMsg: text('ex_msg').notNull().default(''),
    /** Entered by spending an approved application: face failures are counted but never hand it in. */
    byApply: boolean('by_apply').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('el_paper_open_one').on(t.examId, t.userId).where(sql`${t.state} = 0`),
    index('el_paper_user').on(t.userId, t.examId),
    index('el_paper_due').on(t.limitTime).where(sql`${t.state} = 0`),
    // The learner's open papers: read on every training and book answer (answer-visibility heldQuestionIds).
    index('el_paper_open_user').on(t.userId).where(sql`${t.state} = 0`),
  ],
);

/** el_paper's columns without the layout: what readers of papers select unless they need the questions. */
export const paperColumns = (() => {
  const { qus: _layout, ...rest } = getTableColumns(elPaper);
  return rest;
})();

/** One drawn question of a paper (el_paper.qus): its bank version (update time, ms) keys the per-replica caches. */
export type PaperLayoutQu = {
  quId: string;
  quType: number;
  groupNo: number;
  score: number;
  /** Option ids in the paper's order per question id (the question's own and its composite children's). */
  optOrder: Record<string, string[]>;
  ver: number;
};
/** A paper's layout as stored (JSON text, el_paper.qus). */
export const layoutOf = (qus: string): PaperLayoutQu[] => JSON.parse(qus);

/**
 * A paper's answers, one row per question from its first save (a question never saved has none), and after grading
 * its result wherever that is not the default (wrong, 0, no review: see the el_paper_qu view). answer: the learner's
 * answer as JSON; seq: the client's save sequence (a smaller one never overwrites). No foreign key and no index
 * beyond the key: each cost a lookup or an entry per row (docs/decisions.md); papers are never deleted.
 */
export const elPaperAnswer = pgTable(
  'el_paper_answer',
  {
    paperId: text('paper_id').notNull(),
    quId: text('qu_id').notNull(),
    answer: text('answer').notNull().default(''),
    answered: boolean('answered').notNull().default(false),
    mark: boolean('mark').notNull().default(false),
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
    isRight: boolean('is_right'),
    actualScore: score('actual_score').notNull().default(0),
    review: boolean('review').notNull().default(false),
    /** Grading details (per child of a composite, keyword hits) as JSON, for results and review. */
    result: text('result').notNull().default(''),
    updateTime: updateTime(),
  },
  (t) => [primaryKey({ columns: [t.paperId, t.quId] })],
);

/**
 * Every question of every paper with its answer and result, as one row each (a view: migration 0030). For the
 * readers off the exam's hot path; the paper calls read el_paper.qus and el_paper_answer themselves.
 */
export const elPaperQu = pgView('el_paper_qu', {
  paperId: text('paper_id').notNull(),
  quId: text('qu_id').notNull(),
  quType: integer('qu_type').notNull(),
  groupNo: integer('group_no').notNull(),
  sort: integer('sort').notNull(),
  score: score('score').notNull(),
  optOrder: jsonb('opt_order').$type<Record<string, string[]>>().notNull(),
  answer: text('answer').notNull(),
  answered: boolean('answered').notNull(),
  mark: boolean('mark').notNull(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  isRight: boolean('is_right'),
  actualScore: score('actual_score').notNull(),
  review: boolean('review').notNull(),
  result: text('result').notNull(),
  updateTime: time('update_time').notNull(),
}).existing();

/** The latest camera capture of a paper (one row, overwritten): what the proctor grid shows. */
export const elPaperCapture = pgTable('el_paper_capture', {
  paperId: text('paper_id')
    .primaryKey()
    .references(() => elPaper.id, { onDelete: 'cascade' }),
  image: text('image').notNull(),
  ok: boolean('ok').notNull(),
  captureCount: integer('capture_count').notNull().default(1),
  updateTime: updateTime(),
});
