import { boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './common';

/**
 * Provider settings (spec admin §3 "Storage/Face/Live config"): one row per type and provider, so
 * switching back to a provider finds its settings again; `current` marks the provider in use.
 */
export const sysConfigProp = pgTable(
  'sys_config_prop',
  {
    id: text('id').primaryKey(),
    /** upload, face or live. */
    type: text('type').notNull(),
    provider: text('provider').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    remark: text('remark').notNull().default(''),
    current: boolean('current').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('sys_config_prop_uq').on(t.type, t.provider),
    index('sys_config_prop_current_idx').on(t.type, t.current),
  ],
);

/** Message templates (spec admin §3 "Message template"): texts the platform sends to users. */
export const notifyTmpl = pgTable('notify_tmpl', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  /** Short code the sending code looks the template up by. */
  code: text('code').notNull().default(''),
  content: text('content').notNull().default(''),
  remark: text('remark').notNull().default(''),
  ...timestamps(),
});
