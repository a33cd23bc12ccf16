import { type ScoreRange, parseRanges } from '@exam/contracts';
import { badRequest } from '@exam/server-kit';

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
