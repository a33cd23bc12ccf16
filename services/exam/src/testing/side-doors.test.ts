import { describe, expect, it } from '@rstest/core';
import { schema } from '@exam/server-kit';
import { call } from '@exam/server-kit/testing';
import { eq } from 'drizzle-orm';
import { type HeldSecrets, heldLeaks, heldSecrets, learnerClient, quListOf } from './answers';
import { graded, saveExam, examTestAppPerFile } from './fixture';

const ctx = examTestAppPerFile();

const P = '/api/paper/paper';
const T = '/api/repo/train';
const BANKS = ['r-demo-1', 'r-demo-2'];
const MODES = ['sequence', 'random', 'wrong', 'repo_rem'] as const;
type View = { id: string; quType: number; answerList: { id: string }[]; subList?: View[] };

/** Some answer to a question, from its learner view: right or wrong does not matter here. */
function anyAnswer(q: View): Record<string, unknown> {
  if (q.quType === 99) return { subs: Object.fromEntries((q.subList ?? []).map((s) => [s.id, anyAnswer(s)])) };
  if (q.quType === 4) return { text: '不知道' };
  if (q.quType === 5) return { blanks: ['错'] };
  if (q.quType === 6) return { pairs: ['错'] };
  return { answers: [q.answerList[q.answerList.length - 1].id] };
}

type Learner = ReturnType<typeof learnerClient>;

/** Trains one bank in one mode from a fresh start: the card, every question, an answer to each (not in remember mode). */
async function trainThrough(me: Learner, repoId: string, trainMode: string, quType?: number) {
  const s = await me.call(`${T}/start`, { repoId, trainMode, clear: true, quType });
  if (s.status !== 200) return s;
  const trainId = s.body.data.id as string;
  const card = (await me.call(`${T}/card`, { id: trainId })).body.data as { quId: string }[];
  for (const { quId } of card) {
    const d = await me.call(`${T}/qu-detail`, { trainId, quId });
    if (trainMode !== 'repo_rem' && d.status === 200)
      await me.call(`${T}/fill`, { trainId, quId, answer: anyAnswer(d.body.data.qu) });
  }
  await me.call(`${T}/detail`, { id: trainId });
  return s;
}

/** Reads everything the book offers: every list of both kinds, and every entry. */
async function readBook(me: Learner) {
  const ids = new Set<string>();
  for (const kind of ['wrong', 'fav', 'note']) {
    for (const refType of ['repo', 'exam', undefined]) {
      const page = await me.call('/api/client/book/paging', { current: 1, size: 500, params: { kind, refType } });
      for (const r of page.body.data.records as { id: string }[]) ids.add(r.id);
    }
  }
  for (const id of ids) await me.call('/api/client/book/detail', { id });
  return ids.size;
}

/** The scan's findings counted by the call that answered them (the first of each call kept as an example). */
function findings(me: Learner, held: HeldSecrets) {
  const out: Record<string, { count: number; first: string }> = {};
  me.seen.forEach((b, i) => {
    for (const l of heldLeaks(b, held)) (out[me.urls[i]] ??= { count: 0, first: l }).count++;
  });
  return out;
}

describe('no side door to the answers of an open paper', () => {
  it('training, the book, bank views, other papers and results show nothing of the questions a paper holds', async () => {
    const me = learnerClient(ctx.app, ctx.learner);
    // Before the exam: both demo banks trained through once (wrong answers go to the book) and a remember-mode training left open.
    const before: string[] = [];
    for (const repoId of BANKS) {
      const s = await trainThrough(me, repoId, 'sequence');
      expect(s.status).toBe(200);
      before.push(s.body.data.id, (await me.call(`${T}/start`, { repoId, trainMode: 'repo_rem' })).body.data.id);
    }
    // ... and an exam over every demo single-choice question taken (one chance: its sheet shows solutions).
    const singles: string[] = [];
    for (const repoId of BANKS) {
      const page = await call(
        ctx.app,
        '/api/qu/qu/paging',
        { current: 1, size: 100, params: { repoId, quType: 1 } },
        ctx.admin,
      );
      singles.push(...page.body.data.records.map((r: { id: string }) => r.id));
    }
    const old = await saveExam(ctx, {
      title: '旧考试',
      chance: 1,
      qualifyScore: 1,
      rules: [{ title: '单选题', quType: 1, quIds: singles, score: 10 }],
    });
    const oldPaper = (await me.call(`${P}/create-paper`, { examId: old })).body.data.id as string;
    for (const quId of singles) {
      const q = (await me.call(`${P}/qu-detail`, { paperId: oldPaper, quId })).body.data;
      await me.call(`${P}/fill-answer`, {
        paperId: oldPaper,
        quId,
        seq: 1,
        answers: [q.answerList[q.answerList.length - 1].id],
      });
    }
    expect((await me.call(`${P}/hand-exam`, { id: oldPaper })).body.data.state).toBe(4);
    await graded(ctx.app, [oldPaper]);
    expect((await me.call(`${P}/paper-result`, { id: oldPaper })).body.data.quList).toHaveLength(singles.length);

    // The demo exam's paper opens: its questions are what must stay shut.
    const paper = (await me.call(`${P}/create-paper`, { examId: 'e-demo-1' })).body.data.id as string;
    const held = quListOf((await me.call(`${P}/paper-detail`, { id: paper })).body.data).map((q) => q.quId);
    expect(held).toHaveLength(20);
    const secrets = await heldSecrets(ctx.app, ctx.admin, held);
    for (const quId of held.slice(0, 3))
      await me.call('/api/client/book/mark-fav', { refType: 'repo', refId: await repoOf(quId), quId, favMark: true });
    // A second open paper, of another exam holding three of the same questions.
    const heldSingles = held.filter((id) => singles.includes(id)).slice(0, 3);
    const other = await saveExam(ctx, {
      title: '另一场考试',
      qualifyScore: 1,
      rules: [{ title: '单选题', quType: 1, quIds: heldSingles, score: 10 }],
    });
    const otherPaper = (await me.call(`${P}/create-paper`, { examId: other })).body.data.id as string;

    me.seen.length = 0;
    me.urls.length = 0;
    for (const repoId of BANKS) {
      const bank = (await me.call('/api/client/repo/detail-for-train', { id: repoId })).body.data as {
        types: { quType: number }[];
      };
      for (const mode of MODES) await trainThrough(me, repoId, mode);
      for (const { quType } of bank.types) await trainThrough(me, repoId, 'type', quType);
    }
    // The trainings from before the paper opened, read again (answered ones showed their solutions).
    for (const trainId of before) {
      for (const { quId } of (await me.call(`${T}/card`, { id: trainId })).body.data as { quId: string }[]) {
        await me.call(`${T}/qu-detail`, { trainId, quId });
        await me.call(`${T}/fill`, { trainId, quId, answer: { answers: ['x'] } });
      }
    }
    await me.call(`${T}/paging`, { current: 1, size: 100, params: {} });
    // The rest of the learner's repo and exam calls, on held questions where they take one.
    for (const repoId of BANKS) for (const trainMode of MODES) await me.call(`${T}/check`, { repoId, trainMode });
    await me.call('/api/client/repo/mine-paging', { current: 1, size: 100 });
    await me.call('/api/client/repo/open-paging', { current: 1, size: 100 });
    for (const quId of held.slice(0, 5)) {
      const ref = { refType: 'repo', refId: await repoOf(quId), quId };
      await me.call('/api/client/book/find-mark', ref);
      await me.call('/api/client/book/write-note', { ...ref, favNote: '考试中记一笔' });
      await me.call('/api/qu/report/save', { quId, content: '题目有误？' });
    }
    await me.call('/api/client/exam/mine-paging', { current: 1, size: 100, params: { flag: 'ALL' } });
    await me.call('/api/client/exam/open-paging', { current: 1, size: 100, params: {} });
    for (const examId of ['e-demo-1', old, other]) {
      await me.call('/api/exam/exam/detail', { id: examId });
      await me.call(`${P}/check-process`, { examId });
    }
    expect(await readBook(me)).toBeGreaterThan(10);
    await me.call(`${P}/paper-result`, { id: oldPaper });
    await me.call(`${P}/paging`, { current: 1, size: 100, params: {} });
    for (const id of [paper, otherPaper]) {
      const d = (await me.call(`${P}/paper-detail`, { id })).body.data;
      for (const q of quListOf(d)) await me.call(`${P}/qu-detail`, { paperId: id, quId: q.quId });
    }
    expect(me.seen.length).toBeGreaterThan(200);
    expect(findings(me, secrets)).toEqual({});

    // What the learner is told, and training still works for every other question.
    const [trainId] = before;
    const inBefore = ((await me.call(`${T}/card`, { id: trainId })).body.data as { quId: string }[]).map((c) => c.quId);
    const heldHere = inBefore.find((id) => held.includes(id))!;
    const freeHere = inBefore.find((id) => !held.includes(id))!;
    expect((await me.call(`${T}/qu-detail`, { trainId, quId: heldHere })).body.data).toMatchObject({
      answered: true,
      notice: '该题在你正在进行的考试中，交卷后才能查看答案与解析。',
    });
    const refused = await me.call(`${T}/fill`, { trainId, quId: heldHere, answer: { answers: ['x'] } });
    expect([refused.status, refused.body.msg]).toEqual([409, '该题在你正在进行的考试中，交卷后才能练习！']);
    expect((await me.call(`${T}/qu-detail`, { trainId, quId: freeHere })).body.data.solution.quId).toBe(freeHere);
    const fresh = (await me.call(`${T}/start`, { repoId: 'r-demo-1', trainMode: 'sequence', clear: true })).body.data
      .id;
    const freshIds = ((await me.call(`${T}/card`, { id: fresh })).body.data as { quId: string }[]).map((c) => c.quId);
    expect(freshIds.length).toBeGreaterThan(0);
    expect(freshIds.filter((id) => held.includes(id))).toEqual([]);

    // After hand-in the questions are the learner's again: a new training has them, with solutions.
    for (const id of [paper, otherPaper]) expect((await me.call(`${P}/hand-exam`, { id })).status).toBe(200);
    await graded(ctx.app, [paper, otherPaper]);
    const after = (await me.call(`${T}/start`, { repoId: 'r-demo-1', trainMode: 'sequence', clear: true })).body.data
      .id;
    const afterIds = ((await me.call(`${T}/card`, { id: after })).body.data as { quId: string }[]).map((c) => c.quId);
    expect(afterIds.length).toBeGreaterThan(freshIds.length);
    expect((await me.call(`${T}/qu-detail`, { trainId, quId: heldHere })).body.data.solution.quId).toBe(heldHere);
  }, 240_000);

  it('a training whose questions are all in the open paper is refused with a clear message, and starts again after hand-in', async () => {
    await ctx.app.db.update(schema.elRepo).set({ isOpen: true }).where(eq(schema.elRepo.id, 'r-t-1z'));
    const examId = await saveExam(ctx, {
      title: '组合简答考试',
      qualifyScore: 1,
      rules: [{ title: '组合题', quType: 99, quIds: ['r-t-1-z1'], score: 10 }],
    });
    const paper = (await call(ctx.app, `${P}/create-paper`, { examId }, ctx.learner2)).body.data.id as string;
    for (const trainMode of MODES.filter((m) => m !== 'wrong')) {
      const r = await call(ctx.app, `${T}/start`, { repoId: 'r-t-1z', trainMode, clear: true }, ctx.learner2);
      expect([r.status, r.body.msg]).toEqual([400, '这些试题都在你正在进行的考试中，交卷后再来训练！']);
    }
    // Another learner, without the paper, trains on it as before.
    expect((await call(ctx.app, `${T}/start`, { repoId: 'r-t-1z', trainMode: 'repo_rem' }, ctx.learner)).status).toBe(
      200,
    );
    await call(ctx.app, `${P}/hand-exam`, { id: paper }, ctx.learner2);
    await graded(ctx.app, [paper]);
    const trainId = (await call(ctx.app, `${T}/start`, { repoId: 'r-t-1z', trainMode: 'repo_rem' }, ctx.learner2)).body
      .data.id;
    const qd = (await call(ctx.app, `${T}/qu-detail`, { trainId, quId: 'r-t-1-z1' }, ctx.learner2)).body.data;
    expect(qd.solution.subList.map((x: { quId: string }) => x.quId)).toEqual(['r-t-1-z1k1', 'r-t-1-z1k2']);
  });
});

/** The bank of a question, from the admin side. */
async function repoOf(quId: string): Promise<string> {
  return (await call(ctx.app, '/api/qu/qu/detail', { id: quId }, ctx.admin)).body.data.repoId;
}
