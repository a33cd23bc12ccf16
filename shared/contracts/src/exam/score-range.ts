/**
 * Score bands (spec admin §3 "score range setting", §5 "score range" and "multi-range slider"): one set of
 * rules shared by the slider, the records filter and the score distribution, on the client and the server.
 */

/** A closed band of scores, `min` ≤ score ≤ `max` (whole points). */
export type ScoreRange = [number, number];

export const SCORE_MIN = 0;
export const SCORE_MAX = 300;
/** What joins a band's two ends in the slider's text; the stored setting uses `-`. */
export const RANGE_SIGN = '~';
/** Separators between bands: half- and full-width semicolons. */
const SEPARATORS = /[;；]/;
/** Longest text accepted for a band list (contracts bound their strings with it). */
export const SCORE_RANGES_MAX_LENGTH = 400;

export type ParseResult = { ok: true; ranges: ScoreRange[] } | { ok: false; msg: string };

/** Bands sorted by start with overlapping or touching-inside ones merged (`0~60;50~80` → `0~80`). */
export function mergeRanges(ranges: ScoreRange[]): ScoreRange[] {
  const sorted = ranges
    .map(([a, b]): ScoreRange => (a <= b ? [a, b] : [b, a]))
    .sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const out: ScoreRange[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

const NUM = /^\d+(\.\d+)?$/;

/**
 * Reads `0~59;60~100` (or with `；`, or the stored form `0-59;60-100` when `sign` is `-`): every value must be
 * a number within min..max, else the error names the band. Empty parts are skipped; bands are merged.
 */
export function parseRanges(text: string, opts: { min?: number; max?: number; sign?: string } = {}): ParseResult {
  const { min = SCORE_MIN, max = SCORE_MAX, sign = RANGE_SIGN } = opts;
  if (text.length > SCORE_RANGES_MAX_LENGTH)
    return { ok: false, msg: `分数段过长，最多${SCORE_RANGES_MAX_LENGTH}个字符！` };
  const ranges: ScoreRange[] = [];
  for (const raw of text.split(SEPARATORS)) {
    const part = raw.trim();
    if (!part) continue;
    const ends = part.split(sign).map((s) => s.trim());
    if (ends.length !== 2 || !ends.every((e) => NUM.test(e)))
      return { ok: false, msg: `分数段【${part}】格式不正确，应为数字${sign}数字！` };
    const [a, b] = ends.map(Number);
    if (Math.min(a, b) < min || Math.max(a, b) > max)
      return { ok: false, msg: `分数段【${part}】超出范围，应在${min}${sign}${max}之间！` };
    ranges.push([a, b]);
  }
  return { ok: true, ranges: mergeRanges(ranges) };
}

/** Bands back to text: `0~59;60~100` (or `0-59;60-100` with sign `-`, the stored setting). */
export const formatRanges = (ranges: ScoreRange[], sign = RANGE_SIGN) =>
  ranges.map(([a, b]) => `${a}${sign}${b}`).join(';');

/**
 * Bands from split points (spec admin §5): points strictly between min and max, sorted and unique; the first
 * band starts at min, each band ends at a point and the next starts at that point + 1, the last ends at max.
 */
export function rangesFromSplits(min: number, max: number, points: number[]): ScoreRange[] {
  const inside = [...new Set(points.map(Math.floor))].filter((p) => p > min && p < max).sort((a, b) => a - b);
  const out: ScoreRange[] = [];
  let start = min;
  for (const p of inside) {
    if (p < start) continue;
    out.push([start, p]);
    start = p + 1;
  }
  if (start <= max) out.push([start, max]);
  return out;
}

/** Split points typed as `59;69;79` (`;` or `；`): numbers only, else the error names the value. */
export function parseSplits(text: string): { ok: true; points: number[] } | { ok: false; msg: string } {
  const points: number[] = [];
  for (const raw of text.split(SEPARATORS)) {
    const p = raw.trim();
    if (!p) continue;
    if (!NUM.test(p)) return { ok: false, msg: `分割点【${p}】不是数字！` };
    points.push(Number(p));
  }
  return { ok: true, points };
}

/** The split points that `rangesFromSplits` turns back into these consecutive bands. */
export const splitsOf = (ranges: ScoreRange[]) => ranges.slice(0, -1).map(([, b]) => b);

/**
 * Whether a score falls in a band. Bands are whole points and consecutive bands meet at `end + 1`, so a
 * fractional score belongs to the band whose start it reached (59.5 is in `0~59`, not lost between bands).
 */
export const inRange = (score: number, [a, b]: ScoreRange) => score >= a && score < b + 1;
