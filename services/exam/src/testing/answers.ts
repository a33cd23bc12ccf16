import { call } from '@exam/server-kit/testing';
import type { FastifyInstance } from 'fastify';

/** Keys and texts that must never reach a learner before hand-in (answers, right flags, analysis). */
const FORBIDDEN_KEYS = [
  'isRight',
  'right',
  'analysis',
  'refAnswer',
  'rightIds',
  'blankAnswers',
  'pairAnswers',
  'optionScores',
  'solution',
  'keywords',
  'actualScore',
  'keywordHits',
  'password',
  'rules',
  'quIds',
];
/** Answer texts of the test bank, and LEAK_PASSWORD: the password the scan's exams use. */
export const LEAK_PASSWORD = 'leak-secret-pw';
const FORBIDDEN_TEXT = ['北京', 'Beijing', '解析', '参考答案', '安全||规范', LEAK_PASSWORD];

/** Visits every value of a response with its path and key: the one walk every scan below shares. */
function walk(body: unknown, visit: (v: unknown, path: string, key: string) => void, path = '$', key = '') {
  visit(body, path, key);
  if (Array.isArray(body)) body.forEach((x, i) => walk(x, visit, `${path}[${i}]`, key));
  else if (body && typeof body === 'object') {
    for (const [k, v] of Object.entries(body)) if (k !== 'myAnswer') walk(v, visit, `${path}.${k}`, k); // the learner's own answer, echoed back
  }
}

/** Walks a learner response and returns every leak found (empty when clean). */
export function leaks(body: unknown, path = '$'): string[] {
  const out: string[] = [];
  walk(
    body,
    (v, at, key) => {
      if (key && FORBIDDEN_KEYS.includes(key) && at.endsWith(`.${key}`)) out.push(at);
      if (typeof v === 'string') for (const t of FORBIDDEN_TEXT) if (v.includes(t)) out.push(`${at} contains ${t}`);
      // An option never carries a score (scale types would give the answer away).
      if (key === 'answerList' && Array.isArray(v) && v.some((o) => o && typeof o === 'object' && 'score' in o))
        out.push(`${at}[].score`);
    },
    path,
  );
  return out;
}

/** What must stay unreadable about the questions an open paper holds (see heldSecrets). */
export type HeldSecrets = { quIds: Set<string>; rightIds: Set<string>; texts: string[] };
/** Keys that carry an answer, a mark or an analysis when they sit next to a held question's id. */
const ANSWER_KEYS = [
  'solution',
  'analysis',
  'rightIds',
  'blankAnswers',
  'pairAnswers',
  'optionScores',
  'refAnswer',
  'isRight',
  'result',
  'actualScore',
];

/**
 * Walks a learner response for the answers of held questions: an object naming one (quId) that carries
 * an answer key with a value, a right option of one listed among right ids, or one of their analysis or
 * reference texts anywhere. Other questions' solutions (training a free question) are fine.
 */
export function heldLeaks(body: unknown, held: HeldSecrets, path = '$'): string[] {
  const out: string[] = [];
  walk(
    body,
    (v, at, key) => {
      if (typeof v === 'string') for (const t of held.texts) if (v.includes(t)) out.push(`${at} contains ${t}`);
      if (key === 'rightIds' && Array.isArray(v) && v.some((id) => held.rightIds.has(id))) out.push(at);
      if (!v || typeof v !== 'object' || Array.isArray(v)) return;
      const o = v as Record<string, unknown>;
      if (typeof o.quId !== 'string' || !held.quIds.has(o.quId)) return;
      for (const k of ANSWER_KEYS) if (o[k] !== undefined && o[k] !== null) out.push(`${at}.${k} (${o.quId})`);
    },
    path,
  );
  return out;
}

/** The secrets of questions by id, read on the admin side (the test's own knowledge, never the learner's). */
export async function heldSecrets(app: FastifyInstance, adminToken: string, quIds: string[]): Promise<HeldSecrets> {
  const held: HeldSecrets = { quIds: new Set(), rightIds: new Set(), texts: [] };
  type Detail = {
    id: string;
    analysis: string;
    refAnswer: string;
    answerList: { id: string; isRight: boolean }[];
    subList?: Detail[];
  };
  const add = (d: Detail) => {
    held.quIds.add(d.id);
    for (const o of d.answerList) if (o.isRight) held.rightIds.add(o.id);
    for (const t of [d.analysis, d.refAnswer]) if (t && t.length >= 6) held.texts.push(t);
    d.subList?.forEach(add);
  };
  for (const id of quIds) add((await call(app, '/api/qu/qu/detail', { id }, adminToken)).body.data as Detail);
  return held;
}

/** The right answer to a test-bank question, by its id (see seedTestBank). */
export function rightAnswer(quId: string): Record<string, unknown> {
  const kind = quId.replace(/^r-t-\d+-/, '')[0];
  if (kind === 's' || kind === 'j') return { answers: [`${quId}a`] };
  if (kind === 'm') return { answers: [`${quId}a`, `${quId}b`] };
  if (kind === 'f') return { blanks: ['Beijing', '2'] };
  if (kind === 'x') return { pairs: ['喵', '汪', '哞'] };
  if (kind === 'q') return { answer: '注意安全' };
  if (kind === 'v') return { answers: [`${quId}c`] }; // the highest-scoring option
  if (kind === 'z')
    return { subs: { [`${quId}k1`]: { answers: [`${quId}k1a`] }, [`${quId}k2`]: { text: '注意安全' } } };
  return { subs: { [`${quId}k1`]: { answers: [`${quId}k1a`] }, [`${quId}k2`]: { blanks: ['北京', '2'] } } };
}

/** A recording client: every learner response is kept for the leak scan. */
export function learnerClient(app: FastifyInstance, token: string) {
  const seen: unknown[] = [];
  /** The url of each seen response, so a scan can name the call that leaked. */
  const urls: string[] = [];
  return {
    seen,
    urls,
    async call(url: string, body: unknown) {
      const r = await call(app, url, body, token);
      seen.push(r.body);
      urls.push(url);
      return r;
    },
  };
}

export type PaperQuList = { quId: string; quType: number; score: number }[];
export const quListOf = (detail: { groupList: { quList: PaperQuList }[] }): PaperQuList =>
  detail.groupList.flatMap((g) => g.quList);
