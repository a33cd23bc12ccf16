import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { time, timestamps } from './common';
import { elExam, elPaper } from './exam';

/**
 * Exam applications (spec admin §3): a learner asks to enter an exam without face check or password.
 * auditState 0 待审核, 1 通过, 2 驳回. An approved application is used once (auditUsed) by create-paper.
 */
export const elExamApply = pgTable(
  'el_exam_apply',
  {
    id: text('id').primaryKey(),
    examId: text('exam_id')
      .notNull()
      .references(() => elExam.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    applyMsg: text('apply_msg').notNull(),
    applyTime: time('apply_time').notNull().defaultNow(),
    auditState: integer('audit_state').notNull().default(0),
    auditBy: text('audit_by').notNull().default(''),
    auditMsg: text('audit_msg').notNull().default(''),
    auditTime: time('audit_time'),
    auditUsed: boolean('audit_used').notNull().default(false),
  },
  (t) => [
    index('el_exam_apply_exam').on(t.examId, t.userId),
    // One pending application per learner and exam: a second click does not queue a duplicate.
    uniqueIndex('el_exam_apply_pending_one').on(t.examId, t.userId).where(sql`${t.auditState} = 0`),
  ],
);

/**
 * Manual review of a paper in 1 待阅卷 (kept beside el_paper rather than as columns of it): its row
 * says a reviewer has started (the learner's IN_REVIEW tab); `scores` holds the reviewer's score per
 * question id awaiting review, so finishing can refuse while one is missing.
 */
export const elPaperReview = pgTable('el_paper_review', {
  paperId: text('paper_id')
    .primaryKey()
    .references(() => elPaper.id, { onDelete: 'cascade' }),
  reviewBy: text('review_by').notNull().default(''),
  scores: jsonb('scores').$type<Record<string, number>>().notNull().default({}),
  ...timestamps(),
});
