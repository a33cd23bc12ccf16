import { PaperState, type ScoreRange } from '@exam/contracts';
import { type Db, contains, schema } from '@exam/server-kit';
import { type SQL, and, count, desc, eq, gte, lt, ne, or, sql } from 'drizzle-orm';

const { elPaper, sysUser } = schema;
/** An exam's records: a name part (real name or account), pass (yes, no, waiting for review), score bands. */
export type RecordFilter = { examId: string; name?: string; pass?: string; bands: ScoreRange[] };

/** A score in one band: whole-point bands meet at end + 1, so fractional scores are never lost between two. */
const inBand = (score: typeof elPaper.userScore, [a, b]: ScoreRange) => and(gte(score, a), lt(score, b + 1))!;

function cond(f: RecordFilter): SQL {
  const pass =
    f.pass === 'yes'
      ? and(eq(elPaper.state, PaperState.DONE), eq(elPaper.passed, true))
      : f.pass === 'no'
        ? and(eq(elPaper.state, PaperState.DONE), eq(elPaper.passed, false))
        : f.pass === 'wait'
          ? eq(elPaper.state, PaperState.REVIEW)
          : undefined;
  // Bands hold handed-in papers (not open ones, which have no score yet).
  const bands = f.bands.length
    ? and(ne(elPaper.state, PaperState.OPEN), or(...f.bands.map((b) => inBand(elPaper.userScore, b))))
    : undefined;
  return and(
    eq(elPaper.examId, f.examId),
    f.name ? or(contains(sysUser.realName, f.name), contains(sysUser.userName, f.name)) : undefined,
    pass,
    bands,
  )!;
}

/** Every learner's papers of the exam, latest start first, with their names. */
export const recordRows = (db: Db, f: RecordFilter, limit: number, offset = 0) =>
  db
    .select({ p: elPaper, userName: sysUser.userName, realName: sysUser.realName })
    .from(elPaper)
    .leftJoin(sysUser, eq(sysUser.id, elPaper.userId))
    .where(cond(f))
    .orderBy(desc(elPaper.startTime), desc(elPaper.id))
    .limit(limit)
    .offset(offset);

export const recordCount = async (db: Db, f: RecordFilter) =>
  Number(
    (await db.select({ n: count() }).from(elPaper).leftJoin(sysUser, eq(sysUser.id, elPaper.userId)).where(cond(f)))[0]
      .n,
  );

/**
 * Final papers (state 2, every attempt) of an exam counted per band in one set-based query (one
 * `count(*) filter` per band), never rows loaded into Node: the total and each band's count.
 */
export async function bandCounts(
  db: Db,
  examId: string,
  bands: ScoreRange[],
): Promise<{ total: number; counts: number[] }> {
  const counts = bands.map((b, i) =>
    sql<number>`count(*) filter (where ${inBand(elPaper.userScore, b)})`.mapWith(Number).as(`b${i}`),
  );
  const [row] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number), ...Object.fromEntries(counts.map((c, i) => [`b${i}`, c])) })
    .from(elPaper)
    .where(and(eq(elPaper.examId, examId), eq(elPaper.state, PaperState.DONE)));
  const r = row as unknown as Record<string, number>;
  return { total: r.total, counts: bands.map((_, i) => r[`b${i}`] ?? 0) };
}
