import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, createTime, time } from './common';

/** Battles (答题竞赛, issue 39) as an admin configures them. Owner: the battle service. */
export const elBattle = pgTable('el_battle', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  cover: text('cover').notNull().default(''),
  /** 1 双人对战, 2 四人赛, 3 主持竞赛 (BattleMode). */
  mode: integer('mode').notNull(),
  repoIds: jsonb('repo_ids').$type<string[]>().notNull().default([]),
  /** Of BATTLE_QU_TYPES; [] all of them. */
  quTypes: jsonb('qu_types').$type<number[]>().notNull().default([]),
  levels: jsonb('levels').$type<number[]>().notNull().default([]),
  quCount: integer('qu_count').notNull(),
  quSeconds: integer('qu_seconds').notNull(),
  rightScore: integer('right_score').notNull(),
  speedBonus: integer('speed_bonus').notNull().default(0),
  /** The window learners may play in (null: no bound). */
  startTime: time('start_time'),
  endTime: time('end_time'),
  /** 1 完全公开, 2 指定部门 (deptCodes, sub-departments included), 3 指定人员 (el_battle_person). */
  openType: integer('open_type').notNull().default(1),
  deptCodes: jsonb('dept_codes').$type<string[]>().notNull().default([]),
  winPoints: integer('win_points').notNull().default(0),
  joinPoints: integer('join_points').notNull().default(0),
  dailyLimit: integer('daily_limit').notNull().default(0),
  /** 0 正常, 1 禁用. */
  state: integer('state').notNull().default(0),
  ...auditColumns(),
});

export const elBattlePerson = pgTable(
  'el_battle_person',
  { battleId: text('battle_id').notNull(), userId: text('user_id').notNull() },
  (t) => [primaryKey({ columns: [t.battleId, t.userId] })],
);

/**
 * A round: one matched room or one hosted contest. Its clock is stored, not kept in a process: the open question
 * (`seq`), its phase (countdown, question, reveal) and when that phase started (`phaseAt`); every replica computes the
 * same deadlines from them, and whichever sees a deadline pass first moves the round on (a conditional update).
 */
export const elBattleRound = pgTable(
  'el_battle_round',
  {
    id: text('id').primaryKey(),
    battleId: text('battle_id').notNull(),
    mode: integer('mode').notNull(),
    /** Hosted contests: the join code players type (unique among open rounds); '' for rooms. */
    code: text('code').notNull().default(''),
    hostId: text('host_id').notNull().default(''),
    /** RoundStatus: 0 lobby, 1 playing, 2 finished, 3 aborted. */
    status: integer('status').notNull().default(0),
    seq: integer('seq').notNull().default(-1),
    /** RoundPhase: 0 countdown, 1 question, 2 reveal. */
    phase: integer('phase').notNull().default(0),
    /** Epoch milliseconds of the server when the phase began. */
    phaseAt: bigint('phase_at', { mode: 'number' }).notNull().default(0),
    /** The questions of the round, in order (drawn once when it starts). */
    quIds: jsonb('qu_ids').$type<string[]>().notNull().default([]),
    quSeconds: integer('qu_seconds').notNull(),
    rightScore: integer('right_score').notNull(),
    speedBonus: integer('speed_bonus').notNull().default(0),
    createTime: createTime(),
    finishTime: time('finish_time'),
  },
  (t) => [
    index('el_battle_round_battle').on(t.battleId, t.createTime),
    uniqueIndex('el_battle_round_open_code').on(t.code).where(sql`${t.code} <> '' and ${t.status} < 2`),
  ],
);

/** A player of a round, with the score the server counted. */
export const elBattlePlayer = pgTable(
  'el_battle_player',
  {
    roundId: text('round_id').notNull(),
    userId: text('user_id').notNull(),
    battleId: text('battle_id').notNull(),
    score: integer('score').notNull().default(0),
    rightCount: integer('right_count').notNull().default(0),
    /** After the round: place (1 best), win/lose/draw for rooms ('' hosted), platform points given. */
    rank: integer('rank').notNull().default(0),
    result: text('result').notNull().default(''),
    points: integer('points').notNull().default(0),
    finished: boolean('finished').notNull().default(false),
    joinTime: createTime(),
  },
  (t) => [
    primaryKey({ columns: [t.roundId, t.userId] }),
    index('el_battle_player_user').on(t.userId, t.battleId, t.joinTime),
  ],
);

/** One answer per player per question: the primary key refuses a second. */
export const elBattleAnswer = pgTable(
  'el_battle_answer',
  {
    roundId: text('round_id').notNull(),
    seq: integer('seq').notNull(),
    userId: text('user_id').notNull(),
    quId: text('qu_id').notNull(),
    answers: jsonb('answers').$type<string[]>().notNull(),
    right: boolean('right').notNull(),
    score: integer('score').notNull(),
    /** Milliseconds from the question's opening to the server's receipt. */
    elapsedMs: integer('elapsed_ms').notNull(),
    createTime: createTime(),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.seq, t.userId] }), index('el_battle_answer_qu').on(t.quId)],
);
