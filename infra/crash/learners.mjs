// Learners who keep answering while the platform is killed under them, and the ledger of what the server
// acknowledged. A learner's loop treats every failure as the exam screen does: wait, sign in again if the
// session is gone, take up the open paper again (create-paper returns it), send the next save.
import { answerFor, call, DEMO_EXAM, openPaper, wait } from './lib.mjs';

const Code = { OK: 0, NOT_SIGNED_IN: 10010002, EXAM_OVER: 20010001 };

/**
 * The ledger per paper: every save sent (by its seq, unique per learner) and the last one acknowledged
 * per question; whether a hand-in was acknowledged.
 */
export function newLedger() {
  return { papers: new Map(), acked: 0, handsAcked: 0, errors: 0 };
}
const paperOf = (ledger, id, user) => {
  if (!ledger.papers.has(id)) ledger.papers.set(id, { user, sent: new Map(), acked: new Map(), handAcked: false });
  return ledger.papers.get(id);
};

/** Runs `users` against base() until stop(); a hand-in after every `handEvery` acknowledged saves. */
export function startLearners({ base, users, ledger, handEvery = 30, examId = DEMO_EXAM }) {
  let stopped = false;
  const loops = users.map(async (user) => {
    let token;
    let paper;
    const known = new Map();
    let seq = Date.now(); // grows across papers: each save is told apart by its seq
    let sinceHand = 0;
    while (!stopped) {
      try {
        if (!token) {
          const r = await call(base(), '/api/sys/user/login', { username: user, password: 'Learner@2026' });
          if (r.code !== Code.OK) throw new Error(`sign-in: ${r.msg}`);
          token = r.data.token;
        }
        if (!paper) paper = await openPaper(base(), token, examId, known);
        const p = paperOf(ledger, paper.id, user);
        if (sinceHand >= handEvery) {
          const r = await call(base(), '/api/paper/paper/hand-exam', { id: paper.id }, token);
          if (r.code === Code.OK) {
            p.handAcked = true;
            ledger.handsAcked++;
            paper = undefined;
            sinceHand = 0;
            continue;
          }
          throw Object.assign(new Error(`hand-exam: ${r.code} ${r.msg}`), { code: r.code });
        }
        const q = paper.qs[Math.floor(Math.random() * paper.qs.length)];
        const answer = answerFor(q, ++seq);
        p.sent.set(seq, { quId: q.quId, answer });
        const r = await call(
          base(),
          '/api/paper/paper/fill-answer',
          { paperId: paper.id, quId: q.quId, ...answer, seq },
          token,
        );
        if (r.code !== Code.OK) throw Object.assign(new Error(`fill-answer: ${r.code} ${r.msg}`), { code: r.code });
        if (!r.data.stale) p.acked.set(q.quId, seq);
        ledger.acked++;
        sinceHand++;
      } catch (err) {
        // A refused or lost call: the server is down or restarting, or the session or paper is gone.
        ledger.errors++;
        if (process.env.CRASH_DEBUG) console.log(user, Date.now() % 100000, err.code, err.message);
        if (err.code === Code.NOT_SIGNED_IN) token = undefined;
        if (err.code === Code.EXAM_OVER) paper = undefined;
        if (err.code === undefined) paper = undefined; // re-read the paper once the server is back
        await wait(150);
      }
    }
  });
  return async () => {
    stopped = true;
    await Promise.all(loops);
  };
}

const leafOf = (stored, quType) => {
  const a = stored ? JSON.parse(stored) : {};
  if (quType === 4) return { answer: a.text ?? '' };
  if (quType === 5) return { blanks: a.blanks ?? [] };
  return { answers: a.answers ?? [] };
};

/**
 * Checks the database against the ledger; `query(sql, params)` returns rows. Returns the number of
 * acknowledged answers checked and a list of what is wrong (empty when all is well):
 * - every acknowledged save is there: the stored seq is the acknowledged one or a later save that was
 *   sent (a reply lost in a kill), and the stored answer is the one sent with that seq;
 * - every acknowledged hand-in is handed in; every handed-in paper is graded once and whole (each
 *   objective question graded, the score the sum of its questions); the learner's tries count each
 *   handed-in paper once; an open paper carries no grading.
 */
export async function checkDatabase(query, ledger, examId = DEMO_EXAM) {
  const problems = [];
  let checked = 0;
  for (const [paperId, p] of ledger.papers) {
    const rows = await query('select qu_id, qu_type, answer, seq from el_paper_qu where paper_id = $1', [paperId]);
    const byQu = new Map(rows.map((r) => [r.qu_id, r]));
    for (const [quId, seq] of p.acked) {
      checked++;
      const r = byQu.get(quId);
      const storedSeq = Number(r?.seq ?? -1);
      const sent = p.sent.get(storedSeq);
      if (!r || storedSeq < seq)
        problems.push(`paper ${paperId} question ${quId}: acknowledged save ${seq} lost (stored ${storedSeq})`);
      else if (
        !sent ||
        sent.quId !== quId ||
        JSON.stringify(leafOf(r.answer, r.qu_type)) !== JSON.stringify(sent.answer)
      ) {
        problems.push(`paper ${paperId} question ${quId}: stored answer is not the one sent with seq ${storedSeq}`);
      }
    }
  }
  const papers = await query(
    `select p.id, p.user_id, p.state, p.obj_score::float as obj, p.hand_time is not null as handed,
       coalesce(sum(q.actual_score), 0)::float as total, count(*) filter (where not q.review and q.is_right is null)::int as ungraded,
       count(*) filter (where q.is_right is not null or q.actual_score <> 0)::int as graded
     from el_paper p join el_paper_qu q on q.paper_id = p.id where p.exam_id = $1 group by p.id`,
    [examId],
  );
  const byId = new Map(papers.map((r) => [r.id, r]));
  for (const [paperId, p] of ledger.papers) {
    if (p.handAcked && byId.get(paperId)?.state === 0) problems.push(`paper ${paperId}: acknowledged hand-in lost`);
  }
  const handedByUser = new Map();
  for (const r of papers) {
    if (r.state === 0) {
      if (r.graded > 0 || r.handed) problems.push(`open paper ${r.id} carries grading`);
      continue;
    }
    handedByUser.set(r.user_id, (handedByUser.get(r.user_id) ?? 0) + 1);
    if (r.ungraded > 0) problems.push(`handed-in paper ${r.id}: ${r.ungraded} questions not graded`);
    if (Math.abs(Math.round(r.total * 100) / 100 - r.obj) > 0.001)
      problems.push(`handed-in paper ${r.id}: score ${r.obj} is not the sum ${r.total}`);
  }
  const tries = await query('select user_id, try_count from el_exam_user where exam_id = $1', [examId]);
  for (const t of tries) {
    const handed = handedByUser.get(t.user_id) ?? 0;
    if (t.try_count !== handed)
      problems.push(`learner ${t.user_id}: ${t.try_count} tries counted for ${handed} handed-in papers`);
  }
  return { checked, problems, handed: [...handedByUser.values()].reduce((a, b) => a + b, 0) };
}

/** Papers handed in but not yet graded (state 4 阅卷中): the grading queue has them. */
const GRADING = 4;
// A job claimed by a killed worker runs again once its claim expires (the queue's claim time), plus a retry's backoff.
const DEADLINE_MS = 180_000;

/**
 * Waits until the grading queue has graded every handed-in paper of the ledger's learners, read through
 * their own record list (the embedded database cannot be opened while its server runs).
 */
export async function waitGraded(base, ledger, examId = DEMO_EXAM) {
  const users = [...new Set([...ledger.papers.values()].map((p) => p.user))];
  const tokens = await Promise.all(
    users.map(
      async (u) => (await call(base, '/api/sys/user/login', { username: u, password: 'Learner@2026' })).data.token,
    ),
  );
  for (const end = Date.now() + DEADLINE_MS; Date.now() < end; await wait(200)) {
    const pages = await Promise.all(
      tokens.map((t) => call(base, '/api/paper/paper/paging', { current: 1, size: 1000, params: { examId } }, t)),
    );
    if (pages.every((r) => r.code === Code.OK && r.data.records.every((p) => p.state !== GRADING))) return;
  }
  throw new Error('handed-in papers were still waiting for grading three minutes after the restart');
}

/** The same, reading the database directly (distributed mode). */
export async function waitGradedDb(query, examId = DEMO_EXAM) {
  for (const end = Date.now() + DEADLINE_MS; Date.now() < end; await wait(200)) {
    if (
      (await query('select count(*)::int n from el_paper where exam_id = $1 and state = $2', [examId, GRADING]))[0]
        .n === 0
    )
      return;
  }
  throw new Error('handed-in papers were still waiting for grading three minutes after the last crash');
}
