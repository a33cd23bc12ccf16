import {
  BATTLE_QU_TYPES,
  type BattleDetail,
  type BattleParams,
  BattlePerm,
  type BattleRow,
  type BattleSaveReq,
  BattleState,
  ExamOpenType,
  type PagingQuery,
} from '@exam/contracts';
import {
  type AuthUser,
  type Bus,
  badRequest,
  conflict,
  type Db,
  fmtTime,
  forbidden,
  newId,
  notFound,
  pageQuery,
  parseTime,
} from '@exam/server-kit';
import type { Static } from 'typebox';
import { battleChanged } from './battle-cache';
import { battleHead } from './battle-head';
import * as repo from './battle-repository';

/** A bound of the window: '' for none. */
const timeOf = (s: string, what: string) => {
  if (!s.trim()) return null;
  try {
    return parseTime(s.trim());
  } catch {
    throw badRequest(`${what}格式不正确！`);
  }
};

/** The battle as the admin's form edits it. */
const detailOf = (b: repo.BattleRecord, userIds: string[]): BattleDetail => ({
  id: b.id,
  title: b.title,
  cover: b.cover,
  mode: b.mode as BattleDetail['mode'],
  repoIds: b.repoIds,
  quTypes: b.quTypes,
  levels: b.levels,
  quCount: b.quCount,
  quSeconds: b.quSeconds,
  rightScore: b.rightScore,
  speedBonus: b.speedBonus,
  startTime: fmtTime(b.startTime),
  endTime: fmtTime(b.endTime),
  openType: b.openType as BattleDetail['openType'],
  deptCodes: b.deptCodes,
  userIds,
  winPoints: b.winPoints,
  joinPoints: b.joinPoints,
  dailyLimit: b.dailyLimit,
  state: b.state as BattleDetail['state'],
});

/** Battles for the admin side (BattleList): list, detail, save with its checks, delete, state. */
export function battleService({ db, bus }: { db: Db; bus: Bus }) {
  /** The form's rules, each with the wording of the exam form where they mean the same. */
  async function check(b: BattleSaveReq, start: Date | null, end: Date | null) {
    if (!b.title.trim()) throw badRequest('竞赛名称不能为空！');
    if (start && end && end <= start) throw badRequest('结束时间必须晚于开始时间！');
    if (b.quTypes.some((t) => !BATTLE_QU_TYPES.includes(t))) throw badRequest('竞赛题型只能是单选题、多选题或判断题！');
    if (b.openType === ExamOpenType.DEPART && !b.deptCodes.length) throw badRequest('请选择指定部门！');
    if (b.openType === ExamOpenType.PERSON && !b.userIds.length) throw badRequest('请选择指定人员！');
    if (b.rightScore < 1) throw badRequest('答对得分必须大于0！');
    const repoIds = [...new Set(b.repoIds)];
    if ((await repo.existingRepos(db, repoIds)).length !== repoIds.length) throw badRequest('所选题库不存在或已删除！');
    // Every round draws quCount questions from the same pool: it must hold that many now.
    const types = b.quTypes.length ? [...new Set(b.quTypes)] : [...BATTLE_QU_TYPES];
    if ((await repo.questionCount(db, repoIds, types, [...new Set(b.levels)])) < b.quCount)
      throw badRequest(`所选题库中符合条件的题目不足${b.quCount}道！`);
  }

  return {
    paging(q: PagingQuery<Static<typeof BattleParams>>) {
      const p = q.params ?? {};
      return pageQuery<BattleRow>(
        q,
        async (limit, offset) => {
          const rows = await repo.battleRows(db, p, limit, offset);
          const stats = await repo.playStats(
            db,
            rows.map((b) => b.id),
          );
          return rows.map((b) => ({
            ...battleHead(b),
            openType: b.openType,
            state: b.state,
            roundCount: stats.get(b.id)?.rounds ?? 0,
            playerCount: stats.get(b.id)?.players ?? 0,
            createTime: fmtTime(b.createTime),
          }));
        },
        () => repo.battleCount(db, p),
      );
    },

    async detail(id: string): Promise<BattleDetail> {
      const b = await repo.battleById(db, id);
      if (!b) throw notFound('竞赛不存在或已删除！');
      return detailOf(b, b.openType === ExamOpenType.PERSON ? await repo.peopleOf(db, id) : []);
    },

    async save(b: BattleSaveReq, user: AuthUser) {
      // Adding and editing are separate grants.
      if (!user.permissions.includes(b.id ? BattlePerm.EDIT : BattlePerm.ADD)) throw forbidden();
      const startTime = timeOf(b.startTime, '开始时间');
      const endTime = timeOf(b.endTime, '结束时间');
      await check(b, startTime, endTime);
      const values: repo.BattleFields = {
        title: b.title.trim(),
        cover: b.cover.trim(),
        mode: b.mode,
        repoIds: [...new Set(b.repoIds)],
        quTypes: [...new Set(b.quTypes)].sort((x, y) => x - y),
        levels: [...new Set(b.levels)].sort((x, y) => x - y),
        quCount: b.quCount,
        quSeconds: b.quSeconds,
        rightScore: b.rightScore,
        speedBonus: b.speedBonus,
        startTime,
        endTime,
        openType: b.openType,
        deptCodes: b.openType === ExamOpenType.DEPART ? [...new Set(b.deptCodes)] : [],
        winPoints: b.winPoints,
        joinPoints: b.joinPoints,
        dailyLimit: b.dailyLimit,
        state: b.state ?? BattleState.NORMAL,
        updateTime: new Date(),
      };
      const id = b.id ?? newId();
      await db.transaction(async (tx) => {
        if (b.id) {
          if (!(await repo.updateBattle(tx, b.id, values))) throw notFound('竞赛不存在或已删除！');
        } else {
          await repo.insertBattle(tx, { id, ...values, createBy: user.id });
        }
        await repo.setPeople(tx, id, b.openType === ExamOpenType.PERSON ? [...new Set(b.userIds)] : []);
      });
      await battleChanged(db, bus, [id]);
      return { id };
    },

    /** A battle goes with its rounds and answers, but never while someone waits in its lobby or plays it. */
    async remove(ids: string[]) {
      await db.transaction(async (tx) => {
        if (await repo.hasLiveRound(tx, ids)) throw conflict('竞赛正在进行中，不能删除！');
        await repo.deleteBattles(tx, ids);
      });
      await battleChanged(db, bus, ids);
    },

    async state(ids: string[], state: 0 | 1) {
      await repo.setState(db, ids, state);
      await battleChanged(db, bus, ids);
    },
  };
}
