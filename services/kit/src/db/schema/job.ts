import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { time, timestamps } from './common';

/**
 * The platform's background jobs (DESIGN §3 "Hot paths"): claimed with FOR UPDATE SKIP LOCKED, so one
 * worker across replicas runs each; a claim expires (lockedUntil) so a crashed worker's job runs again.
 */
export const sysJob = pgTable(
  'sys_job',
  {
    id: text('id').primaryKey(),
    queue: text('queue').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** queued | running | done | failed */
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAt: time('run_at').notNull().defaultNow(),
    lockedBy: text('locked_by').notNull().default(''),
    lockedUntil: time('locked_until'),
    lastError: text('last_error').notNull().default(''),
    ...timestamps(),
  },
  (t) => [index('sys_job_ready').on(t.queue, t.state, t.runAt)],
);
