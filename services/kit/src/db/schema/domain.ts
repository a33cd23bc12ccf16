import { boolean, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createTime } from './common';

/** Question banks (the question-bank issue extends this table). */
export const elRepo = pgTable('el_repo', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  catId: text('cat_id').notNull().default(''),
  price: numeric('price', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
  points: integer('points').notNull().default(0),
  cover: text('cover').notNull().default(''),
  remark: text('remark').notNull().default(''),
  isOpen: boolean('is_open').notNull().default(false),
  quCount: integer('qu_count').notNull().default(0),
  createBy: text('create_by').notNull().default(''),
  createTime: createTime(),
});

/** Exams (the exam issue extends this table). */
export const elExam = pgTable('el_exam', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  content: text('content').notNull().default(''),
  /** 0 正常, 1 禁用. */
  state: integer('state').notNull().default(0),
  /** 1 完全公开, 2 指定部门, 3 指定人员, 9 需要密码. */
  openType: integer('open_type').notNull().default(1),
  startTime: timestamp('start_time', { withTimezone: true }).notNull(),
  endTime: timestamp('end_time', { withTimezone: true }).notNull(),
  totalTime: integer('total_time').notNull(),
  totalScore: numeric('total_score', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
  qualifyScore: numeric('qualify_score', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
  chance: integer('chance').notNull().default(0),
  price: numeric('price', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
  createBy: text('create_by').notNull().default(''),
  createTime: createTime(),
});

/** Courses (the course issue extends this table). */
export const elCourse = pgTable('el_course', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  catId: text('cat_id').notNull().default(''),
  cover: text('cover').notNull().default(''),
  contentText: text('content_text').notNull().default(''),
  price: numeric('price', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
  /** 0 正常, 1 禁用. */
  state: integer('state').notNull().default(0),
  isOpen: boolean('is_open').notNull().default(true),
  createBy: text('create_by').notNull().default(''),
  createTime: createTime(),
});
