import * as contracts from '@exam/contracts';
import { GUESS_LIMITS, schema } from '@exam/server-kit';
import { call, createTestApp, signIn } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ALL_SEEDS, ALL_SERVICES } from '../app';

/**
 * Every password-like field of the contract (a field named …password / …pass) is either a secret the caller
 * guesses, counted by a limiter before it is compared, or a new password the caller sets. A new call with such
 * a field fails here until it is classified; each guessed one is guessed wrong past its limit, after which
 * even the right secret is refused (429) for the window (issue 35: course passwords were not limited).
 */
type Try = (secret: string) => Promise<{ status: number; body: { msg: string } }>;
type Guessed = { limit: number; wrong: string; right: string; attempt: Try };

let app: FastifyInstance;
let learner: string;
beforeAll(async () => {
  app = await createTestApp({ services: ALL_SERVICES, seeds: ALL_SEEDS });
  learner = await signIn(app, 'learner', 'Learner@2026');
  // The demo exam and course behind a password.
  await app.db
    .update(schema.elExam)
    .set({ openType: 9, password: 'exam-secret' })
    .where(eq(schema.elExam.id, 'e-demo-1'));
  await app.db
    .update(schema.elCourse)
    .set({ openType: 9, password: 'course-secret' })
    .where(eq(schema.elCourse.id, 'c-demo-1'));
}, 120_000);
afterAll(() => app.close());

const SETS = 'sets a new password (chosen by its owner or an administrator), nothing to guess';
const CLASSIFIED: Record<string, Record<string, string | (() => Guessed)>> = {
  '/api/sys/user/login': {
    password: () => ({
      limit: GUESS_LIMITS.perAccount,
      wrong: 'Wrong@2026',
      right: 'Learner@2026',
      attempt: (password) => call(app, '/api/sys/user/login', { username: 'learner2', password }),
    }),
  },
  '/api/sys/user/update-pass': {
    oldPassword: () => ({
      limit: 5,
      wrong: 'Wrong@2026',
      right: 'Learner@2026',
      attempt: (oldPassword) =>
        call(app, '/api/sys/user/update-pass', { oldPassword, password: 'Learner@2026' }, learner),
    }),
    password: SETS,
  },
  // init shares update-pass's counter (the same password of the same user): its limit is already spent.
  '/api/sys/user/init': {
    password: () => ({
      limit: 0,
      wrong: 'Wrong@2026',
      right: 'Learner@2026',
      attempt: (password) => call(app, '/api/sys/user/init', { userName: 'learner', password }, learner),
    }),
  },
  '/api/paper/paper/create-paper': {
    password: () => ({
      limit: GUESS_LIMITS.perAccount,
      wrong: 'not-it',
      right: 'exam-secret',
      attempt: (password) => call(app, '/api/paper/paper/create-paper', { examId: 'e-demo-1', password }, learner),
    }),
  },
  '/api/client/course/join': {
    password: () => ({
      limit: GUESS_LIMITS.perAccount,
      wrong: 'not-it',
      right: 'course-secret',
      attempt: (password) => call(app, '/api/client/course/join', { id: 'c-demo-1', password }, learner),
    }),
  },
  '/api/sys/user/reg': { password: SETS },
  '/api/sys/user/forgot-pass': {
    password: `${SETS}; the SMS code proves the owner (dropped after 5 wrong tries, sms-codes.ts)`,
  },
  '/api/sys/user/save': { password: SETS },
  '/api/sys/user/reset-pass': { password: SETS },
  '/api/exam/exam/save': { password: 'the administrator sets the exam password' },
  '/api/course/course/save': { password: 'the administrator sets the course password' },
};

const fields = contracts.callsIn(contracts).flatMap((c) =>
  Object.keys((c.call.body as { properties?: object })?.properties ?? {})
    .filter((p) => /pass(word)?$/i.test(p))
    .map((field) => ({ url: c.call.url, field })),
);

describe('every password-like field goes through a guess limiter', () => {
  it('each such field of the contract is classified', () => {
    expect(fields.length).toBeGreaterThanOrEqual(11);
    expect(fields.filter(({ url, field }) => CLASSIFIED[url]?.[field] === undefined)).toEqual([]);
  });

  const guessed = Object.entries(CLASSIFIED).flatMap(([url, byField]) =>
    Object.entries(byField)
      .filter(([, v]) => typeof v === 'function')
      .map(([field, v]) => [`${url} ${field}`, v as () => Guessed] as const),
  );

  it.each(guessed)('%s: wrong guesses past the limit are refused, and then the right one too', async (_name, of) => {
    const g = of();
    const statuses: number[] = [];
    for (let i = 0; i < g.limit; i++) statuses.push((await g.attempt(g.wrong)).status);
    // Within the limit each wrong guess was compared (refused, but not for the limit).
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    expect((await g.attempt(g.wrong)).status).toBe(429);
    const right = await g.attempt(g.right);
    expect(right.status).toBe(429);
    expect(right.body.msg).toMatch(/次数过多/);
  });
});
