import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createTime, timestamps } from './common';
import { sysUser } from './system';

/** Points log of the learner user centre (spec admin §2 "积分日志"): one row per change of sys_user.points. */
export const sysUserPoints = pgTable(
  'sys_user_points',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    /** Signed change: positive earned, negative spent. */
    points: integer('points').notNull(),
    remark: text('remark').notNull().default(''),
    /** What a spending paid for (e.g. `repo:<id>`): each is paid once per user, enforced by the index. */
    refId: text('ref_id').notNull().default(''),
    createTime: createTime(),
  },
  (t) => [
    index('sys_user_points_user_idx').on(t.userId, t.createTime),
    uniqueIndex('sys_user_points_ref_once').on(t.userId, t.refId).where(sql`${t.refId} <> ''`),
  ],
);

/**
 * Real-name verification requests (spec admin §2 "实名认证", switch faceAudit). One row per user,
 * replaced by a new submission. state: 0 待审核, 1 已认证, 2 未通过.
 */
export const sysUserReal = pgTable('sys_user_real', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => sysUser.id, { onDelete: 'cascade' }),
  realName: text('real_name').notNull(),
  idCard: text('id_card').notNull(),
  state: integer('state').notNull().default(0),
  auditMsg: text('audit_msg').notNull().default(''),
  /** The learner's face photo (an upload URL of ours): enrolled as the user's face once approved (issue 13). */
  photo: text('photo').notNull().default(''),
  /** The live capture of an automatic review (faceAudit auto): storage provider and key; also names the review job. */
  captureStorage: text('capture_storage').notNull().default(''),
  captureKey: text('capture_key').notNull().default(''),
  ...timestamps(),
});
