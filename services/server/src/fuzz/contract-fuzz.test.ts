import * as contracts from '@exam/contracts';
import { call } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { type Fuzz, type Payload, ROLES, startFuzz } from './harness';
import { edgeValues, GARBAGE_BODIES, rng, type Schema, sample, setAt, slotsOf } from './schema-values';

/**
 * The fuzz suite (docs/decisions.md): every call of the contract, as visitor, learner and admin, with
 * bodies derived from its schema — valid-shaped, one field at a time replaced by an edge or wrong
 * value, extra fields, and whole-body garbage. Nothing may answer 5xx or drop the connection.
 * Seeded: a failure names the call, the role and the body, and replays the same way.
 */
const SEED = 20261123;
const MUTATIONS_PER_ROLE = 40;
// Calls that end sessions or destroy data run last, so the others meet the seeded data first.
const DESTRUCTIVE = /delete|remove|state|reset|hand|logout|unbind|clear|batch|kick|forgot|update-pass|finish|audit/;

const calls = contracts
  .callsIn(contracts)
  .sort((a, b) => Number(DESTRUCTIVE.test(a.call.url)) - Number(DESTRUCTIVE.test(b.call.url)));
const json = (v: unknown): Payload => ({ payload: JSON.stringify(v) });

let fuzz: Fuzz;
beforeAll(async () => {
  fuzz = await startFuzz();
  // Open papers of the learner, so paper calls meet real ones.
  const exams = await call(
    fuzz.app,
    contracts.ClientExamCalls.openPaging.url,
    { current: 1, size: 5 },
    fuzz.tokens.learner,
  );
  for (const exam of exams.body.data?.records ?? [])
    await call(fuzz.app, contracts.PaperCalls.createPaper.url, { examId: exam.id }, fuzz.tokens.learner);
  await fuzz.collectIds();
}, 180_000);
afterAll(async () => {
  console.log(fuzz?.summary(`${calls.length} calls of the contract`));
  await fuzz?.app.close();
});

describe('every call of the contract survives valid-shaped, edge and garbage bodies', () => {
  it('the contract is all there and the suite gets past validation', () => {
    expect(calls.length).toBeGreaterThan(150);
  });

  it.each(calls.map((c, i) => [c.name, c.call, i] as const))(
    '%s',
    async (_name, c, index) => {
      await fuzz.ensureSessions();
      const before = fuzz.failures.length;
      const r = rng(SEED + index);
      const body = c.body as unknown as Schema;
      const send = (role: (typeof ROLES)[number], payload: Payload, what: string) =>
        fuzz.send({ url: c.url, role, body: payload, what });
      for (const role of ROLES) {
        const valid = sample(body, r, fuzz.poolsFor(c.url, r));
        await send(role, json(valid), 'valid');
        await send(role, json(sample(body, r, fuzz.poolsFor(c.url, r))), 'valid');
        await send(role, json({ ...(valid as object), extra: 'x', nested: { deeper: ['\u0000'] } }), 'extra fields');
        const slots = slotsOf(valid, body);
        for (let i = 0; i < MUTATIONS_PER_ROLE; i++) {
          const slot = r.pick(slots);
          await send(
            role,
            json(setAt(valid, slot.path, r.pick(edgeValues(slot.schema)))),
            `at /${slot.path.join('/')}`,
          );
        }
        for (const g of GARBAGE_BODIES.filter(() => r.chance(0.4))) await send(role, g, 'garbage');
      }
      expect(fuzz.failures.slice(before)).toEqual([]);
    },
    60_000,
  );

  it('valid-shaped bodies reach the handlers of most calls (not only validation refusals)', () => {
    expect(fuzz.reached.size).toBeGreaterThan(calls.length * 0.4);
  });
});
