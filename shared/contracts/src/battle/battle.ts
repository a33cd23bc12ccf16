import Type from 'typebox';
import { defineCall } from '../call';
import { Ids, Time } from '../course/common';
import { Id, IdReq, IdsReq } from '../envelope';
import { PagingReq, PagingRes } from '../paging';
import { BATTLE_LIMITS, BattleModeCode } from './common';

const L = BATTLE_LIMITS;

/** The admin side's permission tags (function menus under 答题竞赛); HOST opens and runs a hosted contest. */
export const BattlePerm = {
  LIST: 'battle:list',
  ADD: 'battle:add',
  EDIT: 'battle:edit',
  DELETE: 'battle:delete',
  STATE: 'battle:state',
  RESULT: 'battle:result',
  EXPORT: 'battle:export',
  HOST: 'battle:host',
} as const;
/** Every tag of BattlePerm (the admin role holds them all). */
export const BATTLE_TAGS: string[] = Object.values(BattlePerm);
const int = (r: { min: number; max: number }) => Type.Integer({ minimum: r.min, maximum: r.max });

/** What an admin sets on a battle (BattleList). */
const battleFields = {
  title: Type.String({ minLength: 1, maxLength: 100 }),
  cover: Type.String({ maxLength: 1000 }),
  mode: BattleModeCode,
  repoIds: Type.Array(Id, { minItems: 1, maxItems: L.repos }),
  /** Of BATTLE_QU_TYPES; empty: all of them. */
  quTypes: Type.Array(Type.Integer({ minimum: 1, maximum: 99 }), { maxItems: 3 }),
  /** Difficulty levels of the qu_level dictionary (1 普通, 2 较难); empty: all. */
  levels: Type.Array(Type.Integer({ minimum: 1, maximum: 2 }), { maxItems: 2 }),
  quCount: int(L.quCount),
  quSeconds: int(L.quSeconds),
  /** Points of the game for a right answer, and the most a fast one adds (in proportion to the time left). */
  rightScore: int(L.score),
  speedBonus: int(L.score),
  /** When learners may play ('' for no bound). */
  startTime: Time,
  endTime: Time,
  openType: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
  deptCodes: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 500 }),
  userIds: Ids(5000),
  /** Platform points (积分) to a room's winners, and to everyone who finishes a round. */
  winPoints: int(L.points),
  joinPoints: int(L.points),
  /** Rounds a learner may play a day; 0 unlimited. */
  dailyLimit: int(L.dailyLimit),
  state: Type.Union([Type.Literal(0), Type.Literal(1)]),
};

export const BattleSaveReq = Type.Object({ id: Type.Optional(Id), ...battleFields });
export type BattleSaveReq = Type.Static<typeof BattleSaveReq>;
export const BattleDetail = Type.Object({ id: Type.String(), ...battleFields });
export type BattleDetail = Type.Static<typeof BattleDetail>;

/** A battle as every list of battles shows it (the admin's rows, the learner's cards). */
export const battleHeadFields = {
  id: Type.String(),
  title: Type.String(),
  cover: Type.String(),
  mode: Type.Integer(),
  mode_dictText: Type.String(),
  quCount: Type.Integer(),
  quSeconds: Type.Integer(),
  startTime: Type.String(),
  endTime: Type.String(),
};

export const BattleRow = Type.Object({
  ...battleHeadFields,
  openType: Type.Integer(),
  state: Type.Integer(),
  roundCount: Type.Integer(),
  playerCount: Type.Integer(),
  createTime: Type.String(),
});
export type BattleRow = Type.Static<typeof BattleRow>;
export const BattleParams = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 100 })),
  mode: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
});

/** A round as the admin's results list shows it. */
export const RoundRow = Type.Object({
  id: Type.String(),
  mode: Type.Integer(),
  status: Type.Integer(),
  status_dictText: Type.String(),
  code: Type.String(),
  hostName: Type.String(),
  players: Type.Array(Type.Object({ realName: Type.String(), score: Type.Integer(), rank: Type.Integer() }), {
    maxItems: 4,
  }),
  playerCount: Type.Integer(),
  createTime: Type.String(),
  finishTime: Type.String(),
});
export type RoundRow = Type.Static<typeof RoundRow>;

/** One row of a battle's leaderboard: a learner's best round, and how many rounds they played and won. */
export const BattleRankRow = Type.Object({
  rank: Type.Integer(),
  userId: Type.String(),
  realName: Type.String(),
  deptName: Type.String(),
  bestScore: Type.Integer(),
  rounds: Type.Integer(),
  wins: Type.Integer(),
  rightRate: Type.Number(),
});
export type BattleRankRow = Type.Static<typeof BattleRankRow>;

/** How the players answered one question of the battle, over all its rounds. */
export const BattleQuStat = Type.Object({
  quId: Type.String(),
  content: Type.String(),
  quType: Type.Integer(),
  answered: Type.Integer(),
  rightCount: Type.Integer(),
  options: Type.Array(
    Type.Object({
      id: Type.String(),
      abc: Type.String(),
      content: Type.String(),
      right: Type.Boolean(),
      count: Type.Integer(),
    }),
    { maxItems: 26 },
  ),
});
export type BattleQuStat = Type.Static<typeof BattleQuStat>;

const ofBattle = Type.Object({ battleId: Id });

export const BattleCalls = {
  paging: defineCall('/api/battle/paging', PagingReq(BattleParams), PagingRes(BattleRow)),
  detail: defineCall('/api/battle/detail', IdReq, BattleDetail),
  save: defineCall('/api/battle/save', BattleSaveReq, Type.Object({ id: Type.String() })),
  remove: defineCall('/api/battle/delete', IdsReq, Type.Null()),
  state: defineCall(
    '/api/battle/state',
    Type.Object({ ids: IdsReq.properties.ids, state: Type.Union([Type.Literal(0), Type.Literal(1)]) }),
    Type.Null(),
  ),
  rounds: defineCall(
    '/api/battle/round/paging',
    PagingReq(Type.Object({ battleId: Id, status: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })) }), {
      paramsRequired: true,
    }),
    PagingRes(RoundRow),
  ),
  rank: defineCall('/api/battle/rank', PagingReq(ofBattle, { paramsRequired: true }), PagingRes(BattleRankRow)),
  quStat: defineCall('/api/battle/qu-stat', PagingReq(ofBattle, { paramsRequired: true }), PagingRes(BattleQuStat)),
  export: defineCall('/api/battle/export', ofBattle, Type.Null()),
};
