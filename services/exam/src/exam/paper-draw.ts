import { type ExamRule, QU_TYPE_TITLES } from '@exam/contracts';
import { type Db, type Tx, badRequest, CHOICE_TYPES, round2, schema } from '@exam/server-kit';
import { and, eq, inArray } from 'drizzle-orm';
import type { FullQu } from '../paper/qu-load';

export type DrawnQu = { quId: string; quType: number; groupNo: number; score: number };
export type Drawn = { groups: { title: string; quType: number; perScore: number }[]; questions: DrawnQu[]; totalScore: number };

const LEVEL_NAMES: Record<number, string> = { 1: '普通', 2: '较难' };

export function shuffle<T>(xs: T[]): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/** Checks the rules' own shape (before touching the banks); messages name the group. */
function checkShape(rules: ExamRule[]) {
  if (!rules.length) throw badRequest('请至少添加一条组卷规则！');
  rules.forEach((r, i) => {
    const at = `第${i + 1}组`;
    if (!r.title.trim()) throw badRequest(`${at}：请填写分组标题！`);
    if (!(r.score > 0)) throw badRequest(`${at}：每题分数必须大于0！`);
    if (r.quIds?.length) {
      if (new Set(r.quIds).size !== r.quIds.length) throw badRequest(`${at}：试题不能重复！`);
      return;
    }
    if (!r.repoIds?.length) throw badRequest(`${at}：请选择题库！`);
    if (!r.count || r.count < 1) throw badRequest(`${at}：抽题数量必须大于0！`);
  });
}

/**
 * Draws one paper from the rules: fixed groups first, then random groups from the most specific
 * (a level, fewer banks) to the least, each without replacement across the whole paper, repaired by
 * matching when groups overlap. Throws a 400 naming the group when the banks cannot satisfy it, so
 * saving an exam and creating a paper apply the same, deterministic check.
 */
export async function drawPaper(db: Db | Tx, rules: ExamRule[], shuffleQu = false): Promise<Drawn> {
  checkShape(rules);
  const { elQu } = schema;
  const used = new Set<string>();
  const picked: string[][] = rules.map(() => []);
  const fixedIds = rules.flatMap((r) => r.quIds ?? []);
  if (new Set(fixedIds).size !== fixedIds.length) throw badRequest('固定试题在多个分组中重复！');
  if (fixedIds.length) {
    const found = await db.select({ id: elQu.id, quType: elQu.quType, parentId: elQu.parentId }).from(elQu).where(inArray(elQu.id, fixedIds));
    const byId = new Map(found.map((q) => [q.id, q]));
    rules.forEach((r, i) => {
      for (const id of r.quIds ?? []) {
        const q = byId.get(id);
        if (!q || q.parentId !== '') throw badRequest(`第${i + 1}组：试题不存在或已删除！`);
        if (q.quType !== r.quType) throw badRequest(`第${i + 1}组：试题类型与分组题型不一致！`);
        used.add(id);
      }
      if (r.quIds?.length) picked[i] = [...r.quIds];
    });
  }
  const random = rules.map((r, i) => ({ r, i })).filter(({ r }) => !r.quIds?.length)
    .sort((a, b) => (b.r.level ? 1 : 0) - (a.r.level ? 1 : 0) || a.r.repoIds!.length - b.r.repoIds!.length);
  // One query for every random group's candidates (ids only), split per group below.
  const candidates = random.length
    ? await db.select({ id: elQu.id, repoId: elQu.repoId, quType: elQu.quType, level: elQu.level }).from(elQu).where(and(
      inArray(elQu.repoId, [...new Set(random.flatMap(({ r }) => r.repoIds!))]), eq(elQu.parentId, ''),
      inArray(elQu.quType, [...new Set(random.map(({ r }) => r.quType))]),
    )).orderBy(elQu.id)
    : [];
  // A random draw first (each group shuffles its own free candidates), then, for any group left
  // short because an overlapping group took what it needed, augmenting paths (bipartite matching of
  // group slots to questions) move questions between groups. The check is therefore exact: it fails
  // only when no assignment exists, whatever the random draw did.
  const eligible = new Map(random.map(({ r, i }) => [i, shuffle(candidates
    .filter((c) => c.quType === r.quType && r.repoIds!.includes(c.repoId) && (!r.level || c.level === r.level) && !used.has(c.id))
    .map((c) => c.id))]));
  const owner = new Map<string, number>();
  for (const { r, i } of random) {
    picked[i] = eligible.get(i)!.filter((id) => !owner.has(id)).slice(0, r.count);
    for (const id of picked[i]) owner.set(id, i);
  }
  const augment = (g: number, seen: Set<string>): boolean => {
    for (const id of eligible.get(g)!) {
      if (seen.has(id) || owner.get(id) === g) continue;
      seen.add(id);
      const from = owner.get(id);
      if (from === undefined || augment(from, seen)) {
        if (from !== undefined) picked[from] = picked[from].filter((x) => x !== id);
        owner.set(id, g);
        picked[g].push(id);
        return true;
      }
    }
    return false;
  };
  for (const { r, i } of random) {
    while (picked[i].length < r.count! && augment(i, new Set())) { /* one more question moved into group i */ }
    if (picked[i].length < r.count!) {
      const what = `${r.level ? LEVEL_NAMES[r.level] : ''}${QU_TYPE_TITLES[r.quType] ?? ''}题`;
      throw badRequest(`第${i + 1}组「${r.title}」：所选题库中可用的${what}只有${picked[i].length}道，不足${r.count}道！`);
    }
  }
  const questions = picked.flatMap((ids, g) => (shuffleQu ? shuffle(ids) : ids).map((quId) => ({ quId, quType: rules[g].quType, groupNo: g, score: rules[g].score })));
  return {
    groups: rules.map((r) => ({ title: r.title.trim(), quType: r.quType, perScore: r.score })),
    questions,
    totalScore: round2(questions.reduce((s, q) => s + q.score, 0)),
  };
}

/** Option order of a question and its children in a paper: choice types shuffled when asked. */
export function optionOrder(q: FullQu, shuffleOpt: boolean): Record<string, string[]> {
  const order: Record<string, string[]> = {};
  const put = (x: FullQu) => {
    const ids = x.options.map((o) => o.id);
    // Fill-in blanks and matching pairs keep the stored order: answers are given per position.
    order[x.id] = shuffleOpt && CHOICE_TYPES.includes(x.quType) ? shuffle(ids) : ids;
  };
  put(q);
  for (const s of q.subs) put(s);
  return order;
}
