import { BATTLE_TAGS, BattleMode, BattlePerm, QuType, RoundStatus } from '@exam/contracts';
import { type Db, schema } from '@exam/server-kit';
import { createTestApp } from '@exam/server-kit/testing';
import type { FastifyInstance } from 'fastify';
import { battleService } from '../index';

export const REPO = 'r-bt-1';
export const USERS = {
  admin: 'u-bt-admin',
  /** Lists and edits, may not add. */
  editor: 'u-bt-editor',
  /** Department T01A01 (under T01). */
  learner: 'u-bt-l1',
  /** Department T02. */
  learner2: 'u-bt-l2',
  learner3: 'u-bt-l3',
} as const;
/** Question ids of the bank: four single choices (level 1), two judges (level 2), a short answer, a composite. */
export const QU = { s: ['q-bt-s1', 'q-bt-s2', 'q-bt-s3', 'q-bt-s4'], j: ['q-bt-j1', 'q-bt-j2'] } as const;
/** Option `k` of a question (option 0 is the right one). */
export const opt = (quId: string, k: number) => `${quId}-o${k}`;

export const hours = (h: number) => new Date(Date.now() + h * 3600_000);

/**
 * What the tests need, written straight into the tables other services own (no system or repo service here): two
 * departments, an admin whose role holds every battle tag, an editor, three learners, and one bank.
 */
async function seedData(db: Db) {
  const { sysDepart, sysUser, sysRole, sysMenu, sysRoleMenu, sysUserRole, elRepo, elQu, elQuAnswer } = schema;
  await db.insert(sysDepart).values([
    { id: 'd-bt-1', deptName: '总部', deptCode: 'T01' },
    { id: 'd-bt-11', parentId: 'd-bt-1', deptName: '研发部', deptCode: 'T01A01' },
    { id: 'd-bt-2', deptName: '分公司', deptCode: 'T02' },
  ]);
  await db.insert(sysUser).values([
    { id: USERS.admin, userName: 'btadmin', realName: '竞赛管理员', password: 'x' },
    { id: USERS.editor, userName: 'bteditor', realName: '竞赛编辑', password: 'x' },
    { id: USERS.learner, userName: 'btl1', realName: '王一', password: 'x', deptCode: 'T01A01' },
    { id: USERS.learner2, userName: 'btl2', realName: '李二', password: 'x', deptCode: 'T02' },
    { id: USERS.learner3, userName: 'btl3', realName: '赵三', password: 'x' },
  ]);
  await db.insert(sysRole).values([
    { id: 'r-bt-admin', roleName: '竞赛管理', roleType: 2 },
    { id: 'r-bt-editor', roleName: '竞赛编辑', roleType: 2 },
  ]);
  await db
    .insert(sysMenu)
    .values(BATTLE_TAGS.map((tag, i) => ({ id: `f-bt-${i}`, menuType: 2, metaTitle: tag, permissionTag: tag })));
  const editorTags = [BattlePerm.LIST, BattlePerm.EDIT].map((t) => `f-bt-${BATTLE_TAGS.indexOf(t)}`);
  await db
    .insert(sysRoleMenu)
    .values([
      ...BATTLE_TAGS.map((_, i) => ({ roleId: 'r-bt-admin', menuId: `f-bt-${i}` })),
      ...editorTags.map((menuId) => ({ roleId: 'r-bt-editor', menuId })),
    ]);
  await db.insert(sysUserRole).values([
    { userId: USERS.admin, roleId: 'r-bt-admin' },
    { userId: USERS.editor, roleId: 'r-bt-editor' },
  ]);
  await db.insert(elRepo).values({ id: REPO, title: '竞赛测试题库' });
  const choice = (id: string, quType: number, level: number, sort: number) => ({
    id,
    repoId: REPO,
    quType,
    level,
    sort,
    content: `<p>题目 <b>${id}</b></p>`,
  });
  await db.insert(elQu).values([
    ...QU.s.map((id, i) => choice(id, QuType.SINGLE, 1, i)),
    ...QU.j.map((id, i) => choice(id, QuType.JUDGE, 2, 10 + i)),
    { id: 'q-bt-short', repoId: REPO, quType: QuType.SHORT, content: '简答' },
    { id: 'q-bt-comp', repoId: REPO, quType: QuType.COMPOSITE, content: '材料' },
    // A composite's child is never drawn alone.
    { id: 'q-bt-child', repoId: REPO, parentId: 'q-bt-comp', quType: QuType.SINGLE, content: '子题' },
  ]);
  await db
    .insert(elQuAnswer)
    .values(
      [...QU.s, ...QU.j].flatMap((quId) =>
        [0, 1, 2].map((k) => ({ id: opt(quId, k), quId, sort: k, content: `选项${k}`, isRight: k === 0 })),
      ),
    );
}

export type Ctx = {
  app: FastifyInstance;
  admin: string;
  editor: string;
  learner: string;
  learner2: string;
  learner3: string;
};

/** The real app with the battle service alone; signed-in tokens for the admin, the editor and three learners. */
export async function battleTestApp(): Promise<Ctx> {
  const app = await createTestApp({ services: [battleService], seeds: [seedData] });
  const [admin, editor, learner, learner2, learner3] = (await Promise.all(
    [USERS.admin, USERS.editor, USERS.learner, USERS.learner2, USERS.learner3].map((id) => app.sessions.create(id)),
  )) as string[];
  return { app, admin, editor, learner, learner2, learner3 };
}

/** A save body: a duel over the bank, open to all, no window. */
export const battleBody = (over: Record<string, unknown> = {}) => ({
  title: '测试竞赛',
  cover: '',
  mode: BattleMode.DUEL,
  repoIds: [REPO],
  quTypes: [],
  levels: [],
  quCount: 5,
  quSeconds: 10,
  rightScore: 100,
  speedBonus: 50,
  startTime: '',
  endTime: '',
  openType: 1,
  deptCodes: [],
  userIds: [],
  winPoints: 10,
  joinPoints: 2,
  dailyLimit: 0,
  state: 0,
  ...over,
});

type Player = { userId: string; score: number; rightCount?: number; rank?: number; result?: string; points?: number };

/** A round of a battle as the engine leaves it, with its players (the admin's and learner's lists read these). */
export async function addRound(
  db: Db,
  r: {
    id: string;
    battleId: string;
    status?: number;
    mode?: number;
    quIds?: string[];
    hostId?: string;
    code?: string;
    at?: Date;
    players: Player[];
  },
) {
  const at = r.at ?? new Date();
  await db.insert(schema.elBattleRound).values({
    id: r.id,
    battleId: r.battleId,
    mode: r.mode ?? BattleMode.DUEL,
    status: r.status ?? RoundStatus.FINISHED,
    code: r.code ?? '',
    hostId: r.hostId ?? '',
    quIds: r.quIds ?? [QU.s[0], QU.s[1]],
    quSeconds: 10,
    rightScore: 100,
    createTime: at,
    finishTime: (r.status ?? RoundStatus.FINISHED) === RoundStatus.FINISHED ? at : null,
  });
  if (!r.players.length) return;
  await db.insert(schema.elBattlePlayer).values(
    r.players.map((p) => ({
      roundId: r.id,
      battleId: r.battleId,
      userId: p.userId,
      score: p.score,
      rightCount: p.rightCount ?? 0,
      rank: p.rank ?? 0,
      result: p.result ?? '',
      points: p.points ?? 0,
      finished: (r.status ?? RoundStatus.FINISHED) === RoundStatus.FINISHED,
      joinTime: at,
    })),
  );
}
