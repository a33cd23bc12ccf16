import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createTime } from './common';
import { sysUser } from './system';

/**
 * Third-party and mobile bindings of a user (spec admin §3 "Binding"). loginType is a value of the
 * `login_type` dictionary (mobile, wechat, crop, ding); openId is the bound account, the mobile number
 * for loginType mobile. One binding per user and login type, and an account binds to one user only.
 */
export const sysUserBind = pgTable(
  'sys_user_bind',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    loginType: text('login_type').notNull(),
    openId: text('open_id').notNull(),
    /** The name the provider gave at binding (third-party info beside the id); '' for a mobile. */
    nickName: text('nick_name').notNull().default(''),
    createTime: createTime(),
  },
  (t) => [
    uniqueIndex('sys_user_bind_user_type_uq').on(t.userId, t.loginType),
    uniqueIndex('sys_user_bind_open_uq').on(t.loginType, t.openId),
    index('sys_user_bind_user_idx').on(t.userId),
  ],
);
