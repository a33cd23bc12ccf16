import Type from 'typebox';
import { defineCall } from '../call';
import { BuyRes } from '../pay/order';
import { PagingReq, PagingRes } from '../paging';
import { LearnerAnswer, QuSolution, QuView, RepoCatParams } from './common';
import { Id, IdReq } from '../envelope';

export const TRAIN_MODES = ['sequence', 'random', 'type', 'wrong', 'repo_rem'] as const;
export const TrainMode = Type.Union([
  Type.Literal('sequence'),
  Type.Literal('random'),
  Type.Literal('type'),
  Type.Literal('wrong'),
  Type.Literal('repo_rem'),
]);
export type TrainMode = Type.Static<typeof TrainMode>;
export const TrainState = { TRAINING: 0, FINISHED: 1 } as const;

export const TrainRecord = Type.Object({
  id: Type.String(),
  repoId: Type.String(),
  title: Type.String(),
  trainMode: Type.String(),
  trainMode_dictText: Type.String(),
  quType: Type.Integer(),
  answerCount: Type.Integer(),
  totalCount: Type.Integer(),
  rightCount: Type.Integer(),
  percent: Type.Integer(),
  state: Type.Integer(),
  updateTime: Type.String(),
});
export type TrainRecord = Type.Static<typeof TrainRecord>;

/** Card entry: isRight only once answered (null for short answers, which are not graded in training). */
export const TrainCardItem = Type.Object({
  quId: Type.String(),
  quType: Type.Integer(),
  sort: Type.Integer(),
  answered: Type.Boolean(),
  result: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
});
export type TrainCardItem = Type.Static<typeof TrainCardItem>;

/** A question of a training: the solution and the learner's answer appear only once answered (or in remember mode). */
export const TrainQu = Type.Object({
  qu: QuView,
  answered: Type.Boolean(),
  result: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
  myAnswer: Type.Optional(LearnerAnswer),
  solution: Type.Optional(QuSolution),
  /** Why the solution is kept back (the question is in the learner's open paper). */
  notice: Type.Optional(Type.String()),
});
export type TrainQu = Type.Static<typeof TrainQu>;

/** A bank as the learner's bank cards show it (open banks, my banks): name, price and points, catalogue, size. */
const bankCardFields = {
  id: Type.String(),
  title: Type.String(),
  price: Type.Number(),
  points: Type.Integer(),
  catId: Type.String(),
  catId_dictText: Type.String(),
  quCount: Type.Integer(),
};
export const MyRepoRow = Type.Object({
  ...bankCardFields,
  coverCount: Type.Integer(),
  coverRate: Type.Integer(),
  wrongCount: Type.Integer(),
  trainCount: Type.Integer(),
  latestTrain: Type.Union([
    Type.Object({ trainMode_dictText: Type.String(), percent: Type.Integer(), updateTime: Type.String() }),
    Type.Null(),
  ]),
});
export type MyRepoRow = Type.Static<typeof MyRepoRow>;
export const OpenRepoRow = Type.Object({
  ...bankCardFields,
  hasJoin: Type.Boolean(),
  cover: Type.String(),
});
export type OpenRepoRow = Type.Static<typeof OpenRepoRow>;
export const RepoForTrain = Type.Object({
  id: Type.String(),
  title: Type.String(),
  remark: Type.String(),
  catId_dictText: Type.String(),
  price: Type.Number(),
  hasJoin: Type.Boolean(),
  quCount: Type.Integer(),
  objCount: Type.Integer(),
  subjCount: Type.Integer(),
  wrongCount: Type.Integer(),
  types: Type.Array(Type.Object({ quType: Type.Integer(), title: Type.String(), count: Type.Integer() })),
  /** Unfinished trainings per mode, to offer 继续训练. */
  unfinished: Type.Array(
    Type.Object({
      id: Type.String(),
      trainMode: Type.String(),
      answerCount: Type.Integer(),
      totalCount: Type.Integer(),
    }),
  ),
});
export type RepoForTrain = Type.Static<typeof RepoForTrain>;

export const TrainStartReq = Type.Object({
  repoId: Id,
  trainMode: TrainMode,
  clear: Type.Optional(Type.Boolean()),
  quType: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })),
  /** Chapter training (from chapter-group): '' or absent trains the whole bank. */
  chapterId: Type.Optional(Type.String({ maxLength: 64 })),
});
export const TrainFillReq = Type.Object({ trainId: Id, quId: Id, answer: LearnerAnswer });
export const TrainFillRes = Type.Object({
  result: Type.Union([Type.Boolean(), Type.Null()]),
  myAnswer: LearnerAnswer,
  solution: QuSolution,
});
export type TrainFillRes = Type.Static<typeof TrainFillRes>;

export const TrainCalls = {
  start: defineCall('/api/repo/train/start', TrainStartReq, Type.Object({ id: Type.String() })),
  detail: defineCall('/api/repo/train/detail', IdReq, TrainRecord),
  card: defineCall('/api/repo/train/card', IdReq, Type.Array(TrainCardItem)),
  quDetail: defineCall(
    '/api/repo/train/qu-detail',
    Type.Object({ trainId: Id, quId: Id, trainMode: Type.Optional(Type.String({ maxLength: 16 })) }),
    TrainQu,
  ),
  fill: defineCall('/api/repo/train/fill', TrainFillReq, TrainFillRes),
  finish: defineCall('/api/repo/train/finish', IdReq, TrainRecord),
  paging: defineCall(
    '/api/repo/train/paging',
    PagingReq(Type.Object({ repoId: Type.Optional(Type.String({ maxLength: 64 })) })),
    PagingRes(TrainRecord),
  ),
  /** The unfinished training of a bank and mode, if any. */
  check: defineCall(
    '/api/repo/train/check',
    Type.Object({ repoId: Id, trainMode: TrainMode }),
    Type.Union([Type.String(), Type.Null()]),
  ),
  minePaging: defineCall('/api/client/repo/mine-paging', PagingReq(RepoCatParams), PagingRes(MyRepoRow)),
  openPaging: defineCall('/api/client/repo/open-paging', PagingReq(RepoCatParams), PagingRes(OpenRepoRow)),
  join: defineCall('/api/client/repo/join', IdReq, Type.Object({ hasJoin: Type.Boolean() })),
  /** 购买 a priced bank: an order to pay (pay/order.ts), or joined at once when it costs points only. */
  buy: defineCall('/api/client/repo/buy', IdReq, BuyRes),
  detailForTrain: defineCall('/api/client/repo/detail-for-train', IdReq, RepoForTrain),
};
