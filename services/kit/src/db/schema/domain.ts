import { boolean, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { createTime } from './common';

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
