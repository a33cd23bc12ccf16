import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@rstest/core';
import { type CallSchemas, type ContractSnapshot, contractBreaks } from './contract-compat';
import { contractsNow, SNAPSHOT_FILE } from './snapshot';

const lastRelease = JSON.parse(readFileSync(SNAPSHOT_FILE, 'utf8')) as ContractSnapshot;

describe('version skew: a client of the last release against today’s services', () => {
  it('every call of the last release is still served, takes what it sent and answers what it read', () => {
    expect(Object.keys(lastRelease.calls).length).toBeGreaterThan(200);
    expect(contractBreaks(lastRelease, contractsNow())).toEqual([]);
  });
});

// The rules, on one call of the last release changed the way a careless commit would.
const URL = '/api/paper/answer/save';
const call = (body: object, data: object): CallSchemas => JSON.parse(JSON.stringify({ url: URL, body, data }));
const str = { type: 'string', maxLength: 64 };
const base = call(
  {
    type: 'object',
    required: ['paperId', 'answers'],
    properties: {
      paperId: str,
      answers: {
        type: 'array',
        maxItems: 100,
        items: { type: 'object', required: ['quId'], properties: { quId: str } },
      },
      mode: {
        anyOf: [
          { type: 'integer', const: 1 },
          { type: 'integer', const: 2 },
        ],
      },
      note: { type: 'string', maxLength: 500 },
    },
  },
  {
    type: 'object',
    required: ['leftSeconds', 'saved'],
    properties: {
      leftSeconds: { type: 'integer' },
      saved: { type: 'array', items: { type: 'object', required: ['quId', 'at'], properties: { quId: str, at: str } } },
      tip: { type: 'string' },
    },
  },
);
const snap = (c: CallSchemas): ContractSnapshot => ({
  release: 'x',
  commit: '',
  calls: { 'PaperCalls.saveAnswer': c },
});
const changed = (edit: (c: CallSchemas & { body: any; data: any }) => void) => {
  const c = structuredClone(base) as CallSchemas & { body: any; data: any };
  edit(c);
  return contractBreaks(snap(base), snap(c));
};

describe('contractBreaks', () => {
  it('a removed call fails with its name; a call renamed in the code is found by its url', () => {
    expect(contractBreaks(snap(base), { release: 'y', commit: '', calls: {} })).toEqual([
      'PaperCalls.saveAnswer (/api/paper/answer/save): removed',
    ]);
    expect(contractBreaks(snap(base), { release: 'y', commit: '', calls: { 'AnswerCalls.save': base } })).toEqual([]);
  });

  it('a new optional request field, a new answer field and a new enumeration value are no breaks', () => {
    expect(
      changed((c) => {
        c.body.properties.extra = str;
        c.data.properties.more = { type: 'integer' };
        c.data.required.push('more');
        c.body.properties.mode.anyOf.push({ type: 'integer', const: 3 });
        c.body.properties.note.maxLength = 1000;
      }),
    ).toEqual([]);
  });

  it('a new required request field fails, named with its call and path', () => {
    expect(
      changed((c) => {
        c.body.properties.answers.items.properties.version = { type: 'integer' };
        c.body.properties.answers.items.required.push('version');
      }),
    ).toEqual(['PaperCalls.saveAnswer (/api/paper/answer/save): request body.answers[].version: a new required field']);
  });

  it('a request field retyped, a value no longer taken or a tighter bound fails', () => {
    expect(changed((c) => (c.body.properties.paperId = { type: 'integer' }))).toEqual([
      'PaperCalls.saveAnswer (/api/paper/answer/save): request body.paperId: string is no longer taken (now integer)',
    ]);
    expect(changed((c) => c.body.properties.mode.anyOf.pop())).toEqual([
      'PaperCalls.saveAnswer (/api/paper/answer/save): request body.mode: 2 is no longer taken (now 1)',
    ]);
    expect(changed((c) => (c.body.properties.answers.maxItems = 50))).toEqual([
      'PaperCalls.saveAnswer (/api/paper/answer/save): request body.answers: maxItems 100 → 50',
    ]);
  });

  it('an answer field removed, made optional or retyped (a null included) fails', () => {
    expect(changed((c) => delete c.data.properties.saved.items.properties.at)).toEqual([
      'PaperCalls.saveAnswer (/api/paper/answer/save): answer data.saved[].at: removed',
    ]);
    expect(changed((c) => (c.data.required = ['saved']))).toEqual([
      'PaperCalls.saveAnswer (/api/paper/answer/save): answer data.leftSeconds: no longer always sent',
    ]);
    expect(
      changed((c) => (c.data.properties.leftSeconds = { anyOf: [{ type: 'integer' }, { type: 'null' }] })),
    ).toEqual([
      'PaperCalls.saveAnswer (/api/paper/answer/save): answer data.leftSeconds: may now be null (the client expects integer)',
    ]);
    expect(changed((c) => (c.data.properties.tip = { type: 'number' }))).toEqual([
      'PaperCalls.saveAnswer (/api/paper/answer/save): answer data.tip: may now be number (the client expects string)',
    ]);
  });

  it('an integer answer may become no wider; a number request may take integers', () => {
    expect(changed((c) => (c.data.properties.leftSeconds = { type: 'number' }))).toHaveLength(1);
    expect(
      contractBreaks(
        snap(call({ type: 'integer' }, { type: 'number' })),
        snap(call({ type: 'number' }, { type: 'integer' })),
      ),
    ).toEqual([]);
  });
});
