import { randomBytes, randomInt } from 'node:crypto';

/** Starts anywhere: replicas behind a round-robin gateway would otherwise count in step. */
let seq = randomInt(0, 1000);
/**
 * Time-ordered string ids: millisecond clock + counter + randomness. The random part is 8 digits because replicas
 * draw ids at once: with 4 (and counters in step), two exam replicas gave two papers one id in a 5,000-examinee storm.
 */
export function newId(): string {
  seq = (seq + 1) % 1000;
  return `${Date.now()}${String(seq).padStart(3, '0')}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

export const newToken = () => randomBytes(32).toString('hex');

const fmtCache = new Map<string, Intl.DateTimeFormat>();
/** `yyyy-MM-dd HH:mm:ss` in the site time zone (DESIGN §2). */
export function fmtTime(d: Date | string | null | undefined, timeZone = 'Asia/Shanghai'): string {
  if (!d) return '';
  const date = typeof d === 'string' ? new Date(d) : d;
  let f = fmtCache.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    fmtCache.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(date).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** Parses `yyyy-MM-dd HH:mm:ss` given in the site time zone (UTC+8 unless configured). */
export function parseTime(s: string, offset = '+08:00'): Date {
  const d = new Date(s.replace(' ', 'T') + offset);
  if (Number.isNaN(d.getTime())) throw new Error('时间格式不正确');
  return d;
}

/** A PostgreSQL/PGlite unique violation (23505), wherever the driver layers put the code (the error or a cause of it). */
export const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: unknown; cause?: unknown } | undefined;
  return String(err?.code) === '23505' || (err?.cause !== undefined && isUniqueViolation(err.cause));
};

/** Fisher–Yates with crypto-free Math.random: order only (paper draws, option order, random training), nothing secret depends on it. */
export function shuffle<T>(xs: T[]): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/** Open type 2 (departments): the learner's department or one below it (department codes nest by prefix). */
export const inDepts = (deptCode: string, codes: string[]) => codes.some((c) => c !== '' && deptCode.startsWith(c));

/** `n` distinct elements of `xs` in random order, without copying or shuffling all of them (n small, xs large). */
export function sample<T>(xs: readonly T[], n: number): T[] {
  if (n >= xs.length) return shuffle([...xs]);
  const picked = new Set<number>();
  while (picked.size < n) picked.add(Math.floor(Math.random() * xs.length));
  return [...picked].map((i) => xs[i]!);
}
