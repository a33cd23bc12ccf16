import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createTime } from './common';
import { sysUser } from './system';

/** User groups (spec admin §3 "Group"): named sets of users, e.g. to open an exam to. */
export const sysGroup = pgTable('sys_group', {
  id: text('id').primaryKey(),
  groupName: text('group_name').notNull(),
  createTime: createTime(),
});

/** Membership rows have their own id: the member list removes rows by `ids` (spec admin §7). */
export const sysGroupUser = pgTable(
  'sys_group_user',
  {
    id: text('id').primaryKey(),
    groupId: text('group_id')
      .notNull()
      .references(() => sysGroup.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    createTime: createTime(),
  },
  (t) => [uniqueIndex('sys_group_user_uq').on(t.groupId, t.userId)],
);
