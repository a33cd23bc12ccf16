import { type ScoreDist, type ScoreRange, formatRanges, parseRanges, PaperState } from '@exam/contracts';
import { type Db, badRequest, schema } from '@exam/server-kit';
import { type SQL, and, eq, gte, lt, ne, or, sql } from 'drizzle-orm';
import { examById } from '../exam/exam-store';

const { elPaper } = schema;
/** Bands an exam's score can reach; a distribution shows at most this many. */
const MAX_SCORE = 1_000_000;
export const MAX_BANDS = 50;

/** `0-59;60-100` → bands, or 400 with the band at fault (spec admin §5 rules). */
export function readBands(text: string): ScoreRange[] {
  const r = parseRanges(text, { sign: '-', max: MAX_SCORE });
  if (!r.ok) throw badRequest(r.msg.replaceAll('~', '-'));
  if (r.ranges.length > MAX_BANDS) throw badRequest(`分数段最多${MAX_BANDS}个！`);
  return r.ranges;
}

/** A score in one band: whole-point bands meet at end + 1, so fractional scores are never lost between two. */
const inBand = (score: typeof elPaper.userScore, [a, b]: ScoreRange) => and(gte(score, a), lt(score, b + 1))!;

/** The records filter: handed-in papers (not open ones, which have no score yet) in one of the bands. */
export function bandFilter(text: string | undefined): SQL | undefined {
  if (!text?.trim()) return undefined;
  const bands = readBands(text);
  if (!bands.length) return undefined;
  return and(ne(elPaper.state, PaperState.OPEN), or(...bands.map((b) => inBand(elPaper.userScore, b))));
}

/**
 * The score distribution of an exam: final papers (state 2, every attempt) counted per band in one
 * set-based query (one `count(*) filter` per band), never rows loaded into Node.
 */
export async function scoreDistribution(db: Db, examId: string, text: string): Promise<ScoreDist> {
  await examById(db, examId); // 404 for an unknown exam
  const bands = readBands(text);
  if (!bands.length) throw badRequest('请设置分数段！');
  const counts = bands.map((b, i) => sql<number>`count(*) filter (where ${inBand(elPaper.userScore, b)})`.mapWith(Number).as(`b${i}`));
  const [row] = await db.select({ total: sql<number>`count(*)`.mapWith(Number), ...Object.fromEntries(counts.map((c, i) => [`b${i}`, c])) })
    .from(elPaper).where(and(eq(elPaper.examId, examId), eq(elPaper.state, PaperState.DONE)));
  const r = row as unknown as Record<string, number>;
  return {
    total: r.total,
    bands: bands.map((b, i) => ({ range: formatRanges([b], '-'), min: b[0], max: b[1], count: r[`b${i}`] ?? 0 })),
  };
}
