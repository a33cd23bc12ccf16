import { call } from '@exam/server-kit/testing';
import type { FastifyInstance } from 'fastify';

/** Keys and texts that must never reach a learner before hand-in (answers, right flags, analysis). */
const FORBIDDEN_KEYS = [
  'isRight', 'right', 'analysis', 'refAnswer', 'rightIds', 'blankAnswers', 'pairAnswers', 'optionScores', 'solution', 'keywords', 'actualScore',
  'keywordHits', 'password', 'rules', 'quIds',
];
/** Answer texts of the test bank, and LEAK_PASSWORD: the password the scan's exams use. */
export const LEAK_PASSWORD = 'leak-secret-pw';
const FORBIDDEN_TEXT = ['北京', 'Beijing', '解析', '参考答案', '安全||规范', LEAK_PASSWORD];

/** Walks a learner response and returns every leak found (empty when clean). */
export function leaks(body: unknown, path = '$'): string[] {
  const out: string[] = [];
  if (typeof body === 'string') {
    for (const t of FORBIDDEN_TEXT) if (body.includes(t)) out.push(`${path} contains ${t}`);
  } else if (Array.isArray(body)) {
    body.forEach((x, i) => out.push(...leaks(x, `${path}[${i}]`)));
  } else if (body && typeof body === 'object') {
    for (const [k, v] of Object.entries(body)) {
      if (k === 'myAnswer') continue; // the learner's own answer, echoed back
      if (FORBIDDEN_KEYS.includes(k)) out.push(`${path}.${k}`);
      // An option never carries a score (scale types would give the answer away).
      if (k === 'answerList' && Array.isArray(v) && v.some((o) => o && typeof o === 'object' && 'score' in o)) out.push(`${path}.answerList[].score`);
      out.push(...leaks(v, `${path}.${k}`));
    }
  }
  return out;
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
  if (kind === 'z') return { subs: { [`${quId}k1`]: { answers: [`${quId}k1a`] }, [`${quId}k2`]: { text: '注意安全' } } };
  return { subs: { [`${quId}k1`]: { answers: [`${quId}k1a`] }, [`${quId}k2`]: { blanks: ['北京', '2'] } } };
}

/** A recording client: every learner response is kept for the leak scan. */
export function learnerClient(app: FastifyInstance, token: string) {
  const seen: unknown[] = [];
  return {
    seen,
    async call(url: string, body: unknown) {
      const r = await call(app, url, body, token);
      seen.push(r.body);
      return r;
    },
  };
}

export type PaperQuList = { quId: string; quType: number; score: number }[];
export const quListOf = (detail: { groupList: { quList: PaperQuList }[] }): PaperQuList => detail.groupList.flatMap((g) => g.quList);
