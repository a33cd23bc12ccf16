import { BATTLE_TAGS, BattleMode, QuType } from '@exam/contracts';
import { type Db, schema } from '@exam/server-kit';
import { createTestApp } from '@exam/server-kit/testing';
import type { FastifyInstance } from 'fastify';
import { battleService } from '../index';

export const REPO_ID = 'r-battle-1';
export const BATTLES = { duel: 'b-duel', four: 'b-four', hosted: 'b-hosted', off: 'b-off', depts: 'b-depts' } as const;
export const LEARNERS = ['u-bl-1', 'u-bl-2', 'u-bl-3', 'u-bl-4', 'u-bl-5', 'u-bl-6'] as const;
/** A teacher who hosts contests (every battle tag), and one who may not. */
export const HOSTS = ['u-bh-1', 'u-bh-2'] as const;
/** Question i: a single choice whose right option is `q<i>-r`, the wrong one `q<i>-w`. */
export const rightOf = (quId: string) => `${quId}-r`;
export const wrongOf = (quId: string) => `${quId}-w`;

/** Learners, a bank of 8 single-choice questions, and battles over it (written into the owners' tables directly). */
async function seedData(db: Db) {
  const { sysDepart, sysUser, elRepo, elQu, elQuAnswer, elBattle, sysRole, sysMenu, sysRoleMenu, sysUserRole } = schema;
  await db.insert(sysDepart).values({ id: 'd-battle', deptName: '销售部', deptCode: 'B01' });
  await db.insert(sysUser).values(
    LEARNERS.map((id, i) => ({
      id,
      userName: `bl${i + 1}`,
      realName: `选手${i + 1}`,
      password: 'x',
      deptCode: i < 2 ? 'B01' : '',
    })),
  );
  await db
    .insert(sysUser)
    .values(HOSTS.map((id, i) => ({ id, userName: `bh${i + 1}`, realName: `主持${i + 1}`, password: 'x' })));
  await db.insert(sysRole).values({ id: 'r-bh', roleName: '竞赛主持', roleType: 2 });
  await db
    .insert(sysMenu)
    .values(BATTLE_TAGS.map((tag, i) => ({ id: `f-bh-${i}`, menuType: 2, metaTitle: tag, permissionTag: tag })));
  await db.insert(sysRoleMenu).values(BATTLE_TAGS.map((_, i) => ({ roleId: 'r-bh', menuId: `f-bh-${i}` })));
  await db.insert(sysUserRole).values(HOSTS.map((userId) => ({ userId, roleId: 'r-bh' })));
  await db.insert(elRepo).values({ id: REPO_ID, title: '竞赛题库' });
  const qus = Array.from({ length: 8 }, (_, i) => `q-b-${i}`);
  await db.insert(elQu).values(
    qus.map((id, i) => ({
      id,
      repoId: REPO_ID,
      quType: QuType.SINGLE,
      content: `第${i + 1}题`,
      analysis: `解析${i + 1}`,
    })),
  );
  await db.insert(elQuAnswer).values(
    qus.flatMap((id) => [
      { id: rightOf(id), quId: id, sort: 0, content: '对的', isRight: true },
      { id: wrongOf(id), quId: id, sort: 1, content: '错的', isRight: false },
    ]),
  );
  const base = {
    repoIds: [REPO_ID],
    quCount: 3,
    quSeconds: 5,
    rightScore: 100,
    speedBonus: 50,
    winPoints: 10,
    joinPoints: 2,
  };
  await db.insert(elBattle).values([
    { id: BATTLES.duel, title: '双人赛', mode: BattleMode.DUEL, ...base },
    { id: BATTLES.four, title: '四人赛', mode: BattleMode.FOUR, ...base },
    { id: BATTLES.hosted, title: '主持赛', mode: BattleMode.HOSTED, ...base },
    { id: BATTLES.off, title: '已停用', mode: BattleMode.DUEL, ...base, state: 1 },
    { id: BATTLES.depts, title: '销售部专场', mode: BattleMode.DUEL, ...base, openType: 2, deptCodes: ['B01'] },
  ]);
}

export type PlayCtx = { app: FastifyInstance; tokens: string[]; hosts: string[] };

/** The real app with the battle service alone; a session per learner. */
export async function playTestApp(): Promise<PlayCtx> {
  const app = await createTestApp({ services: [battleService], seeds: [seedData] });
  const tokens = (await Promise.all(LEARNERS.map((id) => app.sessions.create(id)))) as string[];
  const hosts = (await Promise.all(HOSTS.map((id) => app.sessions.create(id)))) as string[];
  return { app, tokens, hosts };
}
