import { boolean, index, integer, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, createTime, timestamps, updateTime } from './common';

/** Question banks. quCount counts top-level questions (composite children are part of their parent). */
export const elRepo = pgTable('el_repo', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  catId: text('cat_id').notNull().default(''),
  price: numeric('price', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
  points: integer('points').notNull().default(0),
  cover: text('cover').notNull().default(''),
  remark: text('remark').notNull().default(''),
  isOpen: boolean('is_open').notNull().default(false),
  /** 仅考试使用: exams draw from the bank, learners never see or train it (docs/decisions.md "Answers and results"). */
  examOnly: boolean('exam_only').notNull().default(false),
  quCount: integer('qu_count').notNull().default(0),
  createBy: text('create_by').notNull().default(''),
  createTime: createTime(),
});

export const elRepoChapter = pgTable(
  'el_repo_chapter',
  {
    id: text('id').primaryKey(),
    repoId: text('repo_id')
      .notNull()
      .references(() => elRepo.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    sort: integer('sort').notNull().default(0),
    createTime: createTime(),
  },
  (t) => [index('el_repo_chapter_repo').on(t.repoId)],
);

/**
 * Questions. Types (DESIGN §3): 1 single, 2 multiple, 3 judge, 4 short answer, 5 fill-in, 6 matching,
 * 26/27/28 scale/scoring, 99 composite; children of a composite carry parentId and no repo count.
 */
export const elQu = pgTable(
  'el_qu',
  {
    id: text('id').primaryKey(),
    repoId: text('repo_id')
      .notNull()
      .references(() => elRepo.id, { onDelete: 'cascade' }),
    parentId: text('parent_id').notNull().default(''),
    chapterId: text('chapter_id').notNull().default(''),
    quType: integer('qu_type').notNull(),
    level: integer('level').notNull().default(1),
    content: text('content').notNull(),
    /** Plain text of content, for search and lists. */
    contentText: text('content_text').notNull().default(''),
    analysis: text('analysis').notNull().default(''),
    /** Short answer: reference answer (rich) and keywords joined by `||`. */
    refAnswer: text('ref_answer').notNull().default(''),
    keywords: text('keywords').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [index('el_qu_repo').on(t.repoId, t.parentId), index('el_qu_parent').on(t.parentId)],
);

/**
 * Options of a question: choices (content + isRight), scale options (content + score), fill-in blanks
 * (answer = alternatives joined by `||`), matching pairs (content = left, answer = right).
 */
export const elQuAnswer = pgTable(
  'el_qu_answer',
  {
    id: text('id').primaryKey(),
    quId: text('qu_id')
      .notNull()
      .references(() => elQu.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
    content: text('content').notNull().default(''),
    isRight: boolean('is_right').notNull().default(false),
    score: numeric('score', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    answer: text('answer').notNull().default(''),
    /** Optional picture under the option's text (an uploaded file's URL, '' for none). */
    image: text('image').notNull().default(''),
  },
  (t) => [index('el_qu_answer_qu').on(t.quId)],
);

/** Banks a learner joined (open banks' toggle). */
export const elRepoJoin = pgTable(
  'el_repo_join',
  {
    userId: text('user_id').notNull(),
    repoId: text('repo_id')
      .notNull()
      .references(() => elRepo.id, { onDelete: 'cascade' }),
    createTime: createTime(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.repoId] })],
);

/** A training record; state 0 in progress, 1 finished. */
export const elTrain = pgTable(
  'el_train',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    repoId: text('repo_id')
      .notNull()
      .references(() => elRepo.id, { onDelete: 'cascade' }),
    trainMode: text('train_mode').notNull(),
    quType: integer('qu_type').notNull().default(0),
    /** Chapter training: only this chapter's questions ('' = the whole bank). */
    chapterId: text('chapter_id').notNull().default(''),
    totalCount: integer('total_count').notNull().default(0),
    answerCount: integer('answer_count').notNull().default(0),
    rightCount: integer('right_count').notNull().default(0),
    state: integer('state').notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('el_train_user').on(t.userId, t.repoId, t.state)],
);

/** Questions of a training in order, with the learner's answer once given. */
export const elTrainQu = pgTable(
  'el_train_qu',
  {
    trainId: text('train_id')
      .notNull()
      .references(() => elTrain.id, { onDelete: 'cascade' }),
    quId: text('qu_id')
      .notNull()
      .references(() => elQu.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull(),
    answered: boolean('answered').notNull().default(false),
    /** null: not graded (short answers in training). */
    isRight: boolean('is_right'),
    /** The learner's answer as JSON (grading module's LearnerAnswer). */
    answer: text('answer').notNull().default(''),
    updateTime: updateTime(),
  },
  (t) => [primaryKey({ columns: [t.trainId, t.quId] })],
);

/**
 * The learner's book: one row per learner, source (refType repo|exam, refId bank or exam) and question.
 * inWrong: in the wrong-question list; favMark/favNote: favourite and note. A row with none is deleted.
 */
export const elBook = pgTable(
  'el_book',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    refType: text('ref_type').notNull(),
    refId: text('ref_id').notNull(),
    quId: text('qu_id')
      .notNull()
      .references(() => elQu.id, { onDelete: 'cascade' }),
    inWrong: boolean('in_wrong').notNull().default(false),
    wrongCount: integer('wrong_count').notNull().default(0),
    favMark: boolean('fav_mark').notNull().default(false),
    favNote: text('fav_note').notNull().default(''),
    ...timestamps(),
  },
  (t) => [uniqueIndex('el_book_key').on(t.userId, t.refType, t.refId, t.quId)],
);

/** Learners' error reports on questions; state 0 pending, 1 handled. */
export const elQuReport = pgTable(
  'el_qu_report',
  {
    id: text('id').primaryKey(),
    quId: text('qu_id')
      .notNull()
      .references(() => elQu.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    content: text('content').notNull(),
    state: integer('state').notNull().default(0),
    handleBy: text('handle_by').notNull().default(''),
    createTime: createTime(),
  },
  (t) => [index('el_qu_report_state').on(t.state)],
);
