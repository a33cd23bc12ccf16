import { text, timestamp } from 'drizzle-orm/pg-core';

/** A point in time as every table stores it (with its time zone). */
export const time = (name: string) => timestamp(name, { withTimezone: true });
export const createTime = () => time('create_time').notNull().defaultNow();
export const updateTime = () => time('update_time').notNull().defaultNow();

/** When a row was created and last changed, spread into a table's columns. */
export const timestamps = () => ({ createTime: createTime(), updateTime: updateTime() });
/** Who created a row (a user id, '' for seeded rows) and when it was created and last changed. */
export const auditColumns = () => ({ createBy: text('create_by').notNull().default(''), ...timestamps() });
