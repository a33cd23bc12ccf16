import { BattleMode, BattleState, ExamOpenType } from '@exam/contracts';
import { type Seed, schema, seedOnce } from '@exam/server-kit';

/** The repo seed's demo banks (both hold single choices, multiple choices and judges). */
const DEMO_BANKS = ['r-demo-1', 'r-demo-2'];

const common = {
  cover: '',
  repoIds: DEMO_BANKS,
  quTypes: [],
  levels: [],
  rightScore: 100,
  openType: ExamOpenType.PUBLIC,
  deptCodes: [],
  state: BattleState.NORMAL,
  startTime: null,
  endTime: null,
  createBy: 'u-admin',
};

/** Demo battles open to every learner: a duel, a room of four, and a contest an admin hosts. */
export const seed: Seed = async (db, config) => {
  if (!config.demoData) return;
  await seedOnce(db, 'battle-demo', async (tx) => {
    await tx.insert(schema.elBattle).values([
      {
        ...common,
        id: 'b-demo-duel',
        title: '安全生产知识双人对战',
        mode: BattleMode.DUEL,
        quCount: 5,
        quSeconds: 15,
        speedBonus: 50,
        winPoints: 10,
        joinPoints: 2,
        dailyLimit: 10,
      },
      {
        ...common,
        id: 'b-demo-four',
        title: '安全与计算机知识四人赛',
        mode: BattleMode.FOUR,
        quCount: 5,
        quSeconds: 15,
        speedBonus: 50,
        winPoints: 20,
        joinPoints: 2,
        dailyLimit: 5,
      },
      {
        ...common,
        id: 'b-demo-hosted',
        title: '年度安全知识竞赛（现场主持）',
        mode: BattleMode.HOSTED,
        quCount: 10,
        quSeconds: 20,
        speedBonus: 100,
        winPoints: 50,
        joinPoints: 5,
        dailyLimit: 0,
      },
    ]);
  });
};
