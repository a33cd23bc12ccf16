import { seed as systemSeed, systemService } from '@exam/svc-system';
import { call, createTestApp, signIn } from '@exam/server-kit/testing';
import { expect } from '@rstest/core';
import type { FastifyInstance } from 'fastify';
import { repoService, seed } from '../index';

/** The repo service with system data and the demo banks, plus tokens of the three demo accounts. */
export async function repoTestApp() {
  const app = await createTestApp({ services: [systemService, repoService], seeds: [systemSeed, seed] });
  const [admin, learner, learner2] = await Promise.all([
    signIn(app, 'admin', 'Admin@2026'),
    signIn(app, 'learner', 'Learner@2026'),
    signIn(app, 'learner2', 'Learner@2026'),
  ]);
  return {
    app,
    admin,
    learner,
    learner2,
    post: (url: string, body: unknown, token?: string) => call(app, url, body, token),
  };
}
export type RepoTest = Awaited<ReturnType<typeof repoTestApp>>;
export type { FastifyInstance };

/** Fields that give away a right answer; none may reach a learner before answering. */
const SECRET_KEYS = [
  'isRight',
  'analysis',
  'rightIds',
  'blankAnswers',
  'pairAnswers',
  'optionScores',
  'refAnswer',
  'solution',
  'score',
  'keywords',
  'answer',
  'result',
];
function secretKeysIn(v: unknown, path = '$'): string[] {
  if (Array.isArray(v)) return v.flatMap((x, i) => secretKeysIn(x, `${path}[${i}]`));
  if (v && typeof v === 'object') {
    return Object.entries(v).flatMap(([k, x]) => [
      ...(SECRET_KEYS.includes(k) ? [`${path}.${k}`] : []),
      ...secretKeysIn(x, `${path}.${k}`),
    ]);
  }
  return [];
}
/** A 200 answer without any answer-revealing field (the no-answer-before-answering rule). */
export const noSecrets = (r: { status: number; body: { data: unknown; msg?: string } }) => {
  expect(r.status, r.body.msg).toBe(200);
  expect(secretKeysIn(r.body.data)).toEqual([]);
};
