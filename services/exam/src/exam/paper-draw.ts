import { type ExamRule, QU_TYPE_TITLES } from '@exam/contracts';
import { type Db, type Tx, badRequest, CHOICE_TYPES, round2, shuffle } from '@exam/server-kit';
import { candidateQuestions, childrenInScope, fixedQuestions, optionsInScope } from './exam-repository';

export type DrawnQu = { quId: string; quType: number; groupNo: number; score: number };
export type Drawn = {
  groups: { title: string; quType: number; perScore: number }[];
  questions: DrawnQu[];
  totalScore: number;
};

const LEVEL_NAMES: Record<number, string> = { 1: '普通', 2: '较难' };

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
  const fixedIds = rules.flatMap((r) => r.quIds ?? []);
  if (new Set(fixedIds).size !== fixedIds.length) throw badRequest('固定试题在多个分组中重复！');
}

/** A question's option ids (and its children's), all the paper needs to store an option order; its version (0 for children). */
export type OptionShape = { id: string; quType: number; options: { id: string }[]; subs: OptionShape[] };
export type Shape = OptionShape & { ver: number };
type Candidate = { id: string; repoId: string; quType: number; level: number; ver: number };
/** What drawing needs from the banks: the random groups' candidates, the fixed questions, and (when asked) shapes. */
export type Pool = {
  candidates: Candidate[];
  fixed: Map<string, { quType: number; parentId: string; ver: number }>;
  shapes: Map<string, Shape>;
};

const randomRules = (rules: ExamRule[]) => rules.filter((r) => !r.quIds?.length);

/**
 * Reads the banks once for a set of rules: ids, types and levels only (no content). With `shapes`,
 * also every candidate's option ids and children, in the stored order, so papers can be drawn and
 * written from memory (exam-cache keeps the pool per exam).
 */
export async function loadPool(db: Db | Tx, rules: ExamRule[], shapes = false): Promise<Pool> {
  const fixedIds = rules.flatMap((r) => r.quIds ?? []);
  const random = randomRules(rules);
  const repoIds = [...new Set(random.flatMap((r) => r.repoIds ?? []))];
  const quTypes = [...new Set(random.map((r) => r.quType as number))];
  const found = fixedIds.length ? await fixedQuestions(db, fixedIds) : [];
  const candidates = random.length ? await candidateQuestions(db, repoIds, quTypes) : [];
  const pool: Pool = { candidates, fixed: new Map(found.map((q) => [q.id, q])), shapes: new Map() };
  if (!shapes) return pool;
  // Children and options of the banks' questions and of the fixed ones.
  const scope = { fixedIds, repoIds };
  const kids = await childrenInScope(db, scope);
  const opts = await optionsInScope(db, scope);
  const all = new Map<string, Shape>(
    [...candidates, ...found, ...kids].map((q) => [
      q.id,
      { id: q.id, quType: q.quType, ver: 'ver' in q ? q.ver : 0, options: [], subs: [] },
    ]),
  );
  for (const o of opts) all.get(o.quId)?.options.push({ id: o.id });
  for (const k of kids) all.get(k.parentId)?.subs.push(all.get(k.id)!);
  for (const q of [...candidates, ...found]) pool.shapes.set(q.id, all.get(q.id)!);
  return pool;
}

/**
 * Draws one paper from the rules: fixed groups first, then random groups from the most specific
 * (a level, fewer banks) to the least, each without replacement across the whole paper, repaired by
 * matching when groups overlap. Throws a 400 naming the group when the banks cannot satisfy it, so
 * saving an exam and creating a paper apply the same, deterministic check.
 */
export async function drawPaper(db: Db | Tx, rules: ExamRule[], shuffleQu = false): Promise<Drawn> {
  checkShape(rules);
  return drawFrom(rules, await loadPool(db, rules), shuffleQu);
}

/** A random group's candidates in a pool (type, banks, level), found once per pool: a cached pool serves every paper. */
const candidatesByRule = new WeakMap<Pool, Map<string, string[]>>();
function candidatesOf(pool: Pool, r: ExamRule): string[] {
  let byRule = candidatesByRule.get(pool);
  if (!byRule) candidatesByRule.set(pool, (byRule = new Map()));
  const key = JSON.stringify([r.quType, r.repoIds, r.level ?? 0]);
  let ids = byRule.get(key);
  if (!ids) {
    const banks = new Set(r.repoIds);
    ids = pool.candidates
      .filter((c) => c.quType === r.quType && banks.has(c.repoId) && (!r.level || c.level === r.level))
      .map((c) => c.id);
    byRule.set(key, ids);
  }
  return ids;
}

/** The draw itself, in memory from a pool read before (possibly cached). */
export function drawFrom(rules: ExamRule[], pool: Pool, shuffleQu = false): Drawn {
  checkShape(rules);
  const used = new Set<string>();
  const picked: string[][] = rules.map(() => []);
  rules.forEach((r, i) => {
    for (const id of r.quIds ?? []) {
      const q = pool.fixed.get(id);
      if (!q || q.parentId !== '') throw badRequest(`第${i + 1}组：试题不存在或已删除！`);
      if (q.quType !== r.quType) throw badRequest(`第${i + 1}组：试题类型与分组题型不一致！`);
      used.add(id);
    }
    if (r.quIds?.length) picked[i] = [...r.quIds];
  });
  const random = rules
    .map((r, i) => ({ r, i }))
    .filter(({ r }) => !r.quIds?.length)
    .sort((a, b) => (b.r.level ? 1 : 0) - (a.r.level ? 1 : 0) || a.r.repoIds!.length - b.r.repoIds!.length);
  // A random draw first (each group shuffles its own free candidates), then, for any group left
  // short because an overlapping group took what it needed, augmenting paths (bipartite matching of
  // group slots to questions) move questions between groups. The check is therefore exact: it fails
  // only when no assignment exists, whatever the random draw did.
  const eligible = new Map(
    random.map(({ r, i }) => {
      const ids = candidatesOf(pool, r);
      return [i, used.size ? ids.filter((id) => !used.has(id)) : [...ids]];
    }),
  );
  const owner = new Map<string, number>();
  for (const { r, i } of random) {
    // Only the front of the list is shuffled: the count, plus room for ids earlier groups own (a group of 30
    // from 600 candidates draws 30–130 random numbers instead of 600, for every paper).
    const ids = shuffleFront(eligible.get(i)!, r.count! + owner.size);
    picked[i] = [];
    for (let k = 0; k < ids.length && picked[i].length < r.count!; k++) if (!owner.has(ids[k])) picked[i].push(ids[k]);
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
    while (picked[i].length < r.count! && augment(i, new Set())) {
      /* one more question moved into group i */
    }
    if (picked[i].length < r.count!) {
      const what = `${r.level ? LEVEL_NAMES[r.level] : ''}${QU_TYPE_TITLES[r.quType] ?? ''}题`;
      throw badRequest(
        `第${i + 1}组「${r.title}」：所选题库中可用的${what}只有${picked[i].length}道，不足${r.count}道！`,
      );
    }
  }
  const questions = picked.flatMap((ids, g) =>
    (shuffleQu ? shuffle(ids) : ids).map((quId) => ({
      quId,
      quType: rules[g].quType,
      groupNo: g,
      score: rules[g].score,
    })),
  );
  return {
    groups: rules.map((r) => ({ title: r.title.trim(), quType: r.quType, perScore: r.score })),
    questions,
    totalScore: round2(questions.reduce((s, q) => s + q.score, 0)),
  };
}

/**
 * Shuffles the first `n` places of `xs` in place (a partial Fisher–Yates): they are a uniform random sample, in
 * random order, of the whole list; the rest stays in the list for the matching below.
 */
function shuffleFront<T>(xs: T[], n: number): T[] {
  for (let i = 0; i < Math.min(n, xs.length - 1); i++) {
    const j = i + Math.floor(Math.random() * (xs.length - i));
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}

/** Option order of a question and its children in a paper: choice types shuffled when asked. */
export function optionOrder(q: OptionShape, shuffleOpt: boolean): Record<string, string[]> {
  const order: Record<string, string[]> = {};
  const put = (x: OptionShape) => {
    const ids = x.options.map((o) => o.id);
    // Fill-in blanks and matching pairs keep the stored order: answers are given per position.
    order[x.id] = shuffleOpt && CHOICE_TYPES.includes(x.quType) ? shuffle(ids) : ids;
  };
  put(q);
  for (const s of q.subs) put(s);
  return order;
}
