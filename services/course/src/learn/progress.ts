import { STUDY_RULES } from '@exam/contracts';

export type Interval = [number, number];
export type VideoState = { covered: Interval[]; furthest: number; position: number; lastReport: Date | null };
export type VideoReport = { learnSec: number; intervals: Interval[] };
export type VideoRules = { duration: number; videoDrag: boolean; finishRate: number; now: Date };
/** `clock`: the time up to which watching has been credited (the next report's allowance starts there). */
export type Verdict = {
  covered: Interval[];
  coveredSec: number;
  furthest: number;
  position: number;
  gained: number;
  finished: boolean;
  refused: string[];
  clock: Date;
};

/** Longest stretch one report may vouch for: the player reports every ~10 s, so a longer gap is a closed page. */
const MAX_WINDOW_SEC = 300;

/** Sorted, merged intervals (touching ones joined). */
export function merge(list: Interval[]): Interval[] {
  const sorted = list
    .filter(([a, b]) => b > a)
    .map(([a, b]) => [a, b] as Interval)
    .sort((x, y) => x[0] - y[0]);
  const out: Interval[] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}
export const lengthOf = (list: Interval[]) => list.reduce((n, [a, b]) => n + (b - a), 0);

/**
 * Folds one report of watched intervals into a learner's coverage of a video (DESIGN §3 "Courses"):
 * nothing past the media's end, no start beyond the furthest point (+2 s) when drag is locked, and no
 * more new seconds than the wall clock allows since the last report. Reaching the end by seeking adds
 * nothing; the file is finished when the covered share reaches the finish rate.
 */
export function applyVideo(s: VideoState, r: VideoReport, rules: VideoRules): Verdict {
  const refused = new Set<string>();
  const { duration } = rules;
  const slack = STUDY_RULES.clockToleranceSec;
  // lastReport may lie a little ahead of now when the last report used the tolerance: the slack is
  // granted once, not per report, so parallel or rapid reports cannot add it up.
  const elapsed = s.lastReport ? (rules.now.getTime() - s.lastReport.getTime()) / 1000 : 0;
  let allowance = Math.max(0, Math.min(elapsed, MAX_WINDOW_SEC) + slack);
  let furthest = s.furthest;
  let covered = merge(s.covered);
  const before = lengthOf(covered);
  for (const [from, to0] of [...r.intervals].sort((x, y) => x[0] - y[0])) {
    let to = to0;
    if (to <= from) continue;
    if (from >= duration) {
      refused.add('播放位置超出课件时长');
      continue;
    }
    if (to > duration + 1) refused.add('播放位置超出课件时长');
    to = Math.min(to, duration);
    if (rules.videoDrag && from > furthest + STUDY_RULES.dragSlackSec) {
      refused.add('禁止拖动进度');
      continue;
    }
    if (to - from > allowance) {
      refused.add('学习进度快于实际时间');
      to = from + allowance;
    }
    if (to <= from) continue;
    allowance -= to - from;
    covered = merge([...covered, [from, to]]);
    furthest = Math.max(furthest, to);
  }
  let position = Math.max(0, r.learnSec);
  if (position > duration + 1) refused.add('播放位置超出课件时长');
  position = Math.min(position, duration);
  if (rules.videoDrag && position > furthest + STUDY_RULES.dragSlackSec) position = furthest;
  const coveredSec = Math.round(lengthOf(covered));
  const gained = Math.max(0, lengthOf(covered) - before);
  const finished = duration > 0 && coveredSec >= Math.ceil((duration * rules.finishRate) / 100);
  const base =
    s.lastReport && elapsed <= MAX_WINDOW_SEC
      ? s.lastReport.getTime()
      : rules.now.getTime() - Math.min(gained, MAX_WINDOW_SEC) * 1000;
  const clock = new Date(Math.max(rules.now.getTime(), base + gained * 1000));
  return {
    covered,
    coveredSec,
    furthest: Math.floor(furthest),
    position: Math.floor(position),
    gained,
    finished,
    refused: [...refused],
    clock,
  };
}

export type PdfState = { pages: number[]; page: number; pageSince: Date | null; lastReport: Date | null };
export type PdfVerdict = {
  pages: number[];
  page: number;
  pageSince: Date;
  gained: number;
  finished: boolean;
  refused: string[];
};

/**
 * A PDF report names the page on screen. A page counts as read once it has been on screen for the
 * minimum dwell, measured by the server between reports; the file is finished when every page counts.
 */
export function applyPdf(s: PdfState, page: number, pageCount: number, now: Date): PdfVerdict {
  const refused: string[] = [];
  const pages = new Set(s.pages);
  if (s.page > 0 && s.pageSince && (now.getTime() - s.pageSince.getTime()) / 1000 >= STUDY_RULES.pdfMinDwellSec)
    pages.add(s.page);
  let next = s.page;
  let since = s.pageSince ?? now;
  if (page > pageCount) refused.push('页码超出课件页数');
  else if (page !== s.page) {
    next = page;
    since = now;
  }
  const gained = s.lastReport
    ? Math.min(MAX_WINDOW_SEC, Math.max(0, (now.getTime() - s.lastReport.getTime()) / 1000))
    : 0;
  const list = [...pages].sort((a, b) => a - b);
  return {
    pages: list,
    page: next,
    pageSince: since,
    gained,
    finished: pageCount > 0 && list.length >= pageCount,
    refused,
  };
}
