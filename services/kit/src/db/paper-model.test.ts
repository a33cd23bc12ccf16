import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

// Migration 0029/0030 (a paper is one row; el_paper_qu a view over el_paper.qus and el_paper_answer): papers written
// under the old model, open and graded ones, read the same through the view as they did from the table, and a paper of
// the new model with the same answers (rows only for what was saved or graded differently from the default) reads
// the same as the old one.
const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));
const LAST_OLD = '0028_pay';

let client: PGlite;
let dir = '';
const migrateWith = (folder: string) => migrate(drizzle(client) as never, { migrationsFolder: folder });
const rowsOf = async (paperIds: string[]) =>
  (
    await client.query<Record<string, unknown>>(
      `select * from el_paper_qu where paper_id = any($1) order by paper_id, sort`,
      [paperIds],
    )
  ).rows;
const withoutPaper = (rows: Record<string, unknown>[]) => rows.map(({ paper_id: _p, update_time: _t, ...r }) => r);

const T = '2026-11-27 10:00:00+00';
// Questions: q1 single (A right), q2 multiple, q3 short answer (reviewed by hand), q4 single never answered.
const Q = [
  { id: 'q1', type: 1, opts: ['q1a', 'q1b'] },
  { id: 'q2', type: 2, opts: ['q2a', 'q2b', 'q2c'] },
  { id: 'q3', type: 4, opts: [] },
  { id: 'q4', type: 1, opts: ['q4a', 'q4b'] },
];
/** One old-model row per question: [answer, answered, mark, seq, is_right, actual_score, review, result]. */
type Old = [string, boolean, boolean, number, boolean | null, number, boolean, string];
const OPEN: Old[] = [
  ['{"answers":["q1a"]}', true, false, 3, null, 0, false, ''],
  ['', false, true, 4, null, 0, false, ''],
  ['', false, false, 0, null, 0, false, ''],
  ['', false, false, 0, null, 0, false, ''],
];
const GRADED: Old[] = [
  ['{"answers":["q1a"]}', true, false, 2, true, 5, false, '{}'],
  ['{"answers":["q2a"]}', true, false, 5, false, 0, false, '{}'],
  ['{"text":"答案"}', true, false, 6, null, 0, true, '{"keywordHits":[]}'],
  ['', false, false, 0, false, 0, false, '{}'],
];

async function oldPaper(id: string, state: number, rows: Old[]) {
  await client.query(
    `insert into el_paper (id, exam_id, user_id, state, qu_count, start_time, limit_time, create_time)
     values ($1, 'e1', 'u1', $2, 4, $3, $3, $3)`,
    [id, state, T],
  );
  for (const [sort, q] of Q.entries()) {
    const [answer, answered, mark, seq, isRight, score, review, result] = rows[sort];
    await client.query(
      `insert into el_paper_qu (paper_id, qu_id, qu_type, group_no, sort, score, opt_order, answer, answered, mark, seq,
         is_right, actual_score, review, result, update_time)
       values ($1, $2, $3, 0, $4, 5, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [
        id,
        q.id,
        q.type,
        sort,
        JSON.stringify({ [q.id]: q.opts }),
        answer,
        answered,
        mark,
        seq,
        isRight,
        score,
        review,
        result,
        T,
      ],
    );
  }
}

/** The same paper as the new model writes it: the layout, and answer rows only where the old row was not the default. */
async function newPaper(id: string, state: number, rows: Old[]) {
  const qus = Q.map((q) => ({
    quId: q.id,
    quType: q.type,
    groupNo: 0,
    score: 5,
    optOrder: { [q.id]: q.opts },
    ver: 0,
  }));
  await client.query(
    `insert into el_paper (id, exam_id, user_id, state, qu_count, qus, start_time, limit_time, create_time)
     values ($1, 'e1', 'u2', $2, 4, $3, $4, $4, $4)`,
    [id, state, JSON.stringify(qus), T],
  );
  const graded = state === 1 || state === 2;
  for (const [sort, q] of Q.entries()) {
    const [answer, answered, mark, seq, isRight, score, review, result] = rows[sort];
    const isDefault =
      !answer &&
      !mark &&
      !seq &&
      !score &&
      !review &&
      (graded ? isRight === false && result === '{}' : isRight === null);
    if (isDefault) continue;
    await client.query(
      `insert into el_paper_answer (paper_id, qu_id, answer, answered, mark, seq, is_right, actual_score, review, result)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [id, q.id, answer, answered, mark, seq, isRight, score, review, result],
    );
  }
}

beforeAll(async () => {
  // The migrations up to the last one of the old model, in a folder of their own.
  dir = mkdtempSync(path.join(tmpdir(), 'paper-model-'));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  const last = journal.entries.findIndex((e: { tag: string }) => e.tag === LAST_OLD);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  client = new PGlite();
  await client.waitReady;
  await migrateWith(dir);
  await client.query(
    `insert into el_exam (id, title, start_time, end_time, total_time) values ('e1', '旧模型考试', $1, $1, 60)`,
    [T],
  );
});
afterAll(async () => {
  await client?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a paper is one row: el_paper_qu reads the same under the old and the new model', () => {
  let before: Record<string, unknown>[] = [];

  it('papers of the old model read the same after the migration, open and graded, answers and results', async () => {
    await oldPaper('p-open', 0, OPEN);
    await oldPaper('p-review', 1, GRADED);
    before = await rowsOf(['p-open', 'p-review']);
    expect(before).toHaveLength(8);
    await migrateWith(MIGRATIONS);
    expect(await rowsOf(['p-open', 'p-review'])).toEqual(before);
    // The layout carries the questions in order; the answers moved to their own rows.
    const { rows } = await client.query<{ qus: string }>(`select qus from el_paper where id = 'p-open'`);
    expect(JSON.parse(rows[0].qus).map((q: { quId: string }) => q.quId)).toEqual(['q1', 'q2', 'q3', 'q4']);
  });

  it('a paper of the new model with the same answers reads as the old one did, with rows only for what differs', async () => {
    await newPaper('n-open', 0, OPEN);
    await newPaper('n-review', 1, GRADED);
    const count = async (id: string) =>
      (await client.query<{ n: number }>(`select count(*)::int n from el_paper_answer where paper_id = $1`, [id]))
        .rows[0].n;
    // Open: two questions touched (an answer, a mark); graded: the three answered (the blank one is the default).
    expect([await count('n-open'), await count('n-review')]).toEqual([2, 3]);
    const oldOnes = withoutPaper(before);
    expect(withoutPaper(await rowsOf(['n-open']))).toEqual(oldOnes.slice(0, 4));
    expect(withoutPaper(await rowsOf(['n-review']))).toEqual(oldOnes.slice(4));
  });
});
