import { timestamp } from 'drizzle-orm/pg-core';

export const createTime = () => timestamp('create_time', { withTimezone: true }).notNull().defaultNow();
export const updateTime = () => timestamp('update_time', { withTimezone: true }).notNull().defaultNow();
