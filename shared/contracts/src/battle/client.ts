import Type from 'typebox';
import { defineCall } from '../call';
import { Id, IdReq } from '../envelope';
import { PagingReq, PagingRes } from '../paging';
import { BattleRankRow, battleHeadFields } from './battle';

/** An open battle as the learner's 答题竞赛 list shows it. */
export const BattleCard = Type.Object({
  ...battleHeadFields,
  winPoints: Type.Integer(),
  joinPoints: Type.Integer(),
  dailyLimit: Type.Integer(),
  /** Rounds the learner played today (of dailyLimit). */
  playedToday: Type.Integer(),
  myBest: Type.Integer(),
});
export type BattleCard = Type.Static<typeof BattleCard>;

/** One round the learner played (history). */
export const MyRoundRow = Type.Object({
  roundId: Type.String(),
  battleId: Type.String(),
  title: Type.String(),
  mode: Type.Integer(),
  score: Type.Integer(),
  rightCount: Type.Integer(),
  quCount: Type.Integer(),
  rank: Type.Integer(),
  playerCount: Type.Integer(),
  result: Type.String(),
  points: Type.Integer(),
  createTime: Type.String(),
});
export type MyRoundRow = Type.Static<typeof MyRoundRow>;

export const BattleClientCalls = {
  paging: defineCall(
    '/api/battle/client/paging',
    PagingReq(Type.Object({ title: Type.Optional(Type.String({ maxLength: 100 })) })),
    PagingRes(BattleCard),
  ),
  detail: defineCall('/api/battle/client/detail', IdReq, BattleCard),
  history: defineCall(
    '/api/battle/client/history',
    PagingReq(Type.Object({ battleId: Type.Optional(Id) })),
    PagingRes(MyRoundRow),
  ),
  rank: defineCall(
    '/api/battle/client/rank',
    PagingReq(Type.Object({ battleId: Id }), { paramsRequired: true }),
    Type.Object({ ...PagingRes(BattleRankRow).properties, mine: Type.Union([BattleRankRow, Type.Null()]) }),
  ),
};
