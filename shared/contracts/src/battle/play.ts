import Type from 'typebox';
import { defineCall } from '../call';
import { Id } from '../envelope';
import { QuView } from '../repo/common';

/** The socket every battle screen keeps open (token in the handshake's protocol, as for the other channels). */
export const BATTLE_SOCKET_PATH = '/api/socket/battle';

export const RoundPlayer = Type.Object({
  userId: Type.String(),
  realName: Type.String(),
  avatar: Type.String(),
  score: Type.Integer(),
  rightCount: Type.Integer(),
  /** Answered the open question (never whether rightly, before the reveal). */
  answered: Type.Boolean(),
  rank: Type.Integer(),
  /** After the round: win / lose / draw (rooms), and the platform points it gave. */
  result: Type.String(),
  points: Type.Integer(),
});
export type RoundPlayer = Type.Static<typeof RoundPlayer>;

/** The open question's answer, shown to everyone at its reveal (and never before). */
export const RoundReveal = Type.Object({
  seq: Type.Integer(),
  rightIds: Type.Array(Type.String()),
  analysis: Type.String(),
  /** How many chose each option (hosted contests show it on the host's screen). */
  counts: Type.Array(Type.Object({ id: Type.String(), count: Type.Integer() })),
  /** Each player's answer to it (rooms; a hosted contest leaves this empty). */
  answers: Type.Array(
    Type.Object({
      userId: Type.String(),
      ids: Type.Array(Type.String()),
      right: Type.Boolean(),
      gained: Type.Integer(),
    }),
  ),
});
export type RoundReveal = Type.Static<typeof RoundReveal>;

/**
 * A round as every player sees it at a moment of the server's clock: the same for all players (a socket message
 * and the state call send this), plus `me` for the one who asks. Times are the server's epoch milliseconds: a screen
 * counts down from `phaseEndsAt` with the offset between `now` and its own clock.
 */
export const RoundState = Type.Object({
  roundId: Type.String(),
  battleId: Type.String(),
  title: Type.String(),
  mode: Type.Integer(),
  status: Type.Integer(),
  phase: Type.Integer(),
  /** The open (or last revealed) question, from 0; -1 before the first. */
  seq: Type.Integer(),
  quCount: Type.Integer(),
  quSeconds: Type.Integer(),
  now: Type.Number(),
  phaseEndsAt: Type.Number(),
  question: Type.Union([QuView, Type.Null()]),
  reveal: Type.Union([RoundReveal, Type.Null()]),
  /** Every player of a room; a hosted contest's top ten. */
  players: Type.Array(RoundPlayer),
  playerCount: Type.Integer(),
  /** How many answered the open question (a hosted contest's screen shows it; rooms show each player's tick). */
  answeredCount: Type.Integer(),
  code: Type.String(),
  me: Type.Union([
    Type.Object({
      userId: Type.String(),
      score: Type.Integer(),
      rank: Type.Integer(),
      /** What I answered to the open question (empty: not yet). */
      answer: Type.Array(Type.String()),
      result: Type.String(),
      points: Type.Integer(),
    }),
    Type.Null(),
  ]),
});
export type RoundState = Type.Static<typeof RoundState>;

/** Messages of the battle socket (server → screen). The screen sends only 'ping'. */
export type BattleMessage =
  /** A room formed (with its first state, so no screen has to ask for it), or a hosted contest joined. */
  | { type: 'matched'; roundId: string; state?: RoundState }
  | { type: 'expired'; battleId: string }
  | { type: 'state'; state: RoundState; scores?: Record<string, [score: number, rank: number]> }
  | { type: 'answered'; roundId: string; seq: number; userId: string };

const ofRound = Type.Object({ roundId: Id });

export const BattlePlayCalls = {
  /** Queues the learner for a room of the battle; `roundId` when this call completed a room, else '' (wait for 'matched'). */
  match: defineCall(
    '/api/battle/match/start',
    Type.Object({ battleId: Id }),
    Type.Object({ roundId: Type.String(), waitMs: Type.Integer() }),
  ),
  cancel: defineCall('/api/battle/match/cancel', Type.Object({ battleId: Id }), Type.Null()),
  state: defineCall('/api/battle/play/state', ofRound, RoundState),
  /** One answer per player per question: a retry of the same answer is accepted again, a different one refused. */
  answer: defineCall(
    '/api/battle/play/answer',
    Type.Object({
      roundId: Id,
      seq: Type.Integer({ minimum: 0, maximum: 999 }),
      answers: Type.Array(Id, { minItems: 1, maxItems: 26 }),
    }),
    Type.Object({ accepted: Type.Boolean(), at: Type.Number() }),
  ),
  /** The learner's round in progress, if any (a reload or a second tab finds its way back). */
  current: defineCall('/api/battle/play/current', Type.Object({}), Type.Object({ roundId: Type.String() })),
  /** Joins a hosted contest by the code on the host's screen. */
  join: defineCall(
    '/api/battle/play/join',
    Type.Object({ code: Type.String({ minLength: 1, maxLength: 12 }) }),
    Type.Object({ roundId: Type.String() }),
  ),
};

/** A hosted contest's lobby as the host opens it: the code players type and the address their QR code opens. */
export const HostOpened = Type.Object({ roundId: Type.String(), code: Type.String() });

/** The host's calls (permission `battle:host`); only the host who opened a contest may move it. */
export const BattleHostCalls = {
  open: defineCall('/api/battle/host/open', Type.Object({ battleId: Id }), HostOpened),
  state: defineCall('/api/battle/host/state', ofRound, RoundState),
  start: defineCall('/api/battle/host/start', ofRound, Type.Null()),
  /** On a reveal: the next question (or the podium after the last); on an open question: closes it now. */
  next: defineCall('/api/battle/host/next', ofRound, Type.Null()),
  close: defineCall('/api/battle/host/close', ofRound, Type.Null()),
};

/** Where a player joins a hosted contest (the QR code on the host's screen opens it with the code filled in). */
export const BATTLE_JOIN_PATH = '/pages/battle/join';
