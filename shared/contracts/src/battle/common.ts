import Type from 'typebox';
import { QuType } from '../repo/common';

/** How a battle is played: a duel (双人对战), a room of four (四人赛), or a contest a host runs live (主持竞赛). */
export const BattleMode = { DUEL: 1, FOUR: 2, HOSTED: 3 } as const;
export const BattleModeCode = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]);
export const BATTLE_MODE_TITLES: Record<number, string> = { 1: '双人对战', 2: '四人赛', 3: '主持竞赛' };
/** Players a matched room waits for. */
export const ROOM_SIZE: Record<number, number> = { [BattleMode.DUEL]: 2, [BattleMode.FOUR]: 4 };

/** A battle as configured: 0 enabled, 1 disabled (the exams' states). */
export const BattleState = { NORMAL: 0, DISABLED: 1 } as const;

/** Question types a battle asks: answered by a tap and graded at once. */
export const BATTLE_QU_TYPES: readonly number[] = [QuType.SINGLE, QuType.MULTIPLE, QuType.JUDGE];

/** A round (one match, or one hosted contest) as stored. */
export const RoundStatus = { LOBBY: 0, PLAYING: 1, FINISHED: 2, ABORTED: 3 } as const;
export const ROUND_STATUS_TITLES: Record<number, string> = { 0: '等待开始', 1: '进行中', 2: '已结束', 3: '已取消' };
/** Within a playing round: a question open for answers, or its answer shown. */
export const RoundPhase = { COUNTDOWN: 0, QUESTION: 1, REVEAL: 2 } as const;

/** A player's outcome in a matched room. */
export const BattleResult = { WIN: 'win', LOSE: 'lose', DRAW: 'draw' } as const;
export const BATTLE_RESULT_TITLES: Record<string, string> = { win: '胜利', lose: '失败', draw: '平局' };

/** Times the server keeps (milliseconds). */
export const BATTLE_TIMES = {
  /** From a match (or the host's start) to the first question: everyone's screen is ready. */
  countdownMs: 3000,
  /** How long the right answer and the scores show between questions of a matched room. */
  revealMs: 3000,
  /** How long a learner waits in the queue before the server gives up (匹配超时). */
  matchWaitMs: 30_000,
} as const;

export const BATTLE_LIMITS = {
  quCount: { min: 1, max: 50 },
  quSeconds: { min: 5, max: 120 },
  score: { min: 0, max: 1000 },
  points: { min: 0, max: 100_000 },
  dailyLimit: { min: 0, max: 999 },
  repos: 20,
  hostedPlayers: 5000,
} as const;
