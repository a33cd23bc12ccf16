import { describe, expect, it } from '@rstest/core';
import * as contracts from './index';

type Schema = Record<string, unknown> & { type?: string };

/** Paths of request values without a bound: numbers need minimum and maximum, strings maxLength, arrays maxItems. */
function unbounded(s: Schema, path: string, out: string[]) {
  const fixed = s.const !== undefined || Array.isArray(s.enum);
  if (!fixed && (s.type === 'number' || s.type === 'integer') && (s.minimum === undefined || s.maximum === undefined))
    out.push(`${path} (${s.type})`);
  if (!fixed && s.type === 'string' && s.maxLength === undefined) out.push(`${path} (string)`);
  // A tuple (`items` as a list, no additional items) is bounded by its own length.
  const tuple = Array.isArray(s.items);
  if (s.type === 'array' && s.maxItems === undefined && !tuple) out.push(`${path} (array)`);
  for (const [k, c] of Object.entries((s.properties ?? {}) as Record<string, Schema>))
    unbounded(c, `${path}/${k}`, out);
  if (tuple) (s.items as Schema[]).forEach((c, i) => unbounded(c, `${path}/${i}`, out));
  else if (s.items && typeof s.items === 'object') unbounded(s.items as Schema, `${path}/[]`, out);
  for (const k of ['anyOf', 'allOf', 'oneOf'] as const)
    for (const c of (s[k] ?? []) as Schema[]) unbounded(c, path, out);
  for (const c of Object.values((s.patternProperties ?? {}) as Record<string, Schema>)) unbounded(c, `${path}/{}`, out);
}

describe('request schemas bound every value (a huge number or string is a 400, never a database error)', () => {
  const calls = contracts.callsIn(contracts);

  it('finds the calls of every domain', () => {
    expect(calls.length).toBeGreaterThan(150);
    expect(calls.map((c) => c.call.url)).toEqual(
      expect.arrayContaining(['/api/sys/user/login', '/api/paper/paper/fill-answer', '/api/repo/paging']),
    );
  });

  it('every number has a minimum and a maximum, every string a maxLength, every array a maxItems', () => {
    const found = calls.flatMap(({ name, call }) => {
      const out: string[] = [];
      unbounded(call.body as unknown as Schema, '', out);
      return out.map((p) => `${name} ${p}`);
    });
    expect(found).toEqual([]);
  });

  it('paging caps current', () => {
    const paging = contracts.PagingReq(contracts.Type.Object({})) as unknown as { properties: { current: Schema } };
    expect(paging.properties.current).toMatchObject({ minimum: 1, maximum: contracts.MAX_PAGE });
  });
});
