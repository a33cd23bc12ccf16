/**
 * Values for the fuzz suite, derived from a call's JSON schema: valid-shaped bodies (ids taken from
 * the database so calls reach their deeper code) and mutations of them (edge values, wrong types,
 * garbage). Everything comes from one seeded generator, so a failure replays exactly.
 */
export type Schema = Record<string, unknown> & { type?: string | string[] };

/** mulberry32: small, fast, deterministic. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)];
  return { next, int, pick, chance: (p: number) => next() < p };
}
export type Rng = ReturnType<typeof rng>;

const TIMES = ['2026-01-01 00:00:00', '2030-12-31 23:59:59', '1970-01-01 00:00:00'];
const WORDS = [
  '',
  'a',
  '测试',
  '云帆',
  'A01',
  'someone',
  'x'.repeat(8),
  '0',
  '1',
  'true',
  'https://example.com/a.png',
  '13800000009',
  'a@b.cn',
];
/** Fields that hold ids or codes of records: filled from the database so calls get past "not found". */
const ID_NAME = /(^id|Id|Ids|^ids|Code|Codes|^roles)$/;

export type Pools = { idFor(field: string): string | undefined };

function stringFor(s: Schema, name: string, r: Rng, pools: Pools): string {
  if (s.const !== undefined) return String(s.const);
  if (Array.isArray(s.enum)) return String(r.pick(s.enum));
  const max = typeof s.maxLength === 'number' ? s.maxLength : 64;
  const min = typeof s.minLength === 'number' ? s.minLength : 0;
  const id = ID_NAME.test(name) && r.chance(0.9) ? pools.idFor(name) : undefined;
  const candidates = [...(id === undefined ? [] : [id]), r.pick(WORDS), r.pick(TIMES), `f${r.int(1e6)}`];
  const pattern = typeof s.pattern === 'string' ? new RegExp(s.pattern) : undefined;
  const fits = candidates.filter((c) => c.length <= max && c.length >= min && (!pattern || pattern.test(c)));
  if (fits.length) return fits[0];
  return 'a'.repeat(Math.max(min, Math.min(max, 6)));
}

function numberFor(s: Schema, r: Rng): number {
  if (s.const !== undefined) return Number(s.const);
  if (Array.isArray(s.enum)) return Number(r.pick(s.enum));
  const lo = typeof s.minimum === 'number' ? s.minimum : -5;
  const hi = typeof s.maximum === 'number' ? s.maximum : 100;
  const v = r.pick([lo, hi, lo + (hi - lo) * r.next(), Math.min(hi, Math.max(lo, 1)), Math.min(hi, Math.max(lo, 0))]);
  return s.type === 'integer' ? Math.round(Math.min(hi, Math.max(lo, Math.floor(v)))) : v;
}

const typeOf = (s: Schema) => (Array.isArray(s.type) ? (s.type[0] as string) : s.type);

/** A value that fits the schema (as far as patterns and formats allow), with optional fields half the time. */
export function sample(s: Schema, r: Rng, pools: Pools, name = '', depth = 0): unknown {
  if (s.const !== undefined) return s.const;
  const branches = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (branches?.length) return sample(r.pick(branches), r, pools, name, depth);
  if (Array.isArray(s.allOf) && s.allOf.length) return sample(s.allOf[0] as Schema, r, pools, name, depth);
  switch (typeOf(s)) {
    case 'string':
      return stringFor(s, name, r, pools);
    case 'number':
    case 'integer':
      return numberFor(s, r);
    case 'boolean':
      return r.chance(0.5);
    case 'null':
      return null;
    case 'array': {
      if (Array.isArray(s.items)) return (s.items as Schema[]).map((it) => sample(it, r, pools, name, depth + 1));
      const min = typeof s.minItems === 'number' ? s.minItems : 0;
      const max = Math.min(typeof s.maxItems === 'number' ? s.maxItems : 3, min + 3);
      const n = min + r.int(max - min + 1);
      return Array.from({ length: n }, () => sample((s.items as Schema) ?? {}, r, pools, name, depth + 1));
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set((s.required as string[]) ?? []);
      for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) {
        if (required.has(k) || (depth < 4 && r.chance(0.6))) out[k] = sample(v, r, pools, k, depth + 1);
      }
      const pattern = Object.values((s.patternProperties ?? {}) as Record<string, Schema>)[0];
      if (pattern)
        for (let i = r.int(3); i > 0; i--) out[`k${r.int(100)}`] = sample(pattern, r, pools, 'value', depth + 1);
      return out;
    }
    default:
      return r.pick(['x', 1, true, null, {}, []]);
  }
}

/** Where a value sits in a body, with its schema, for mutating one field at a time. */
export type Slot = { path: (string | number)[]; schema: Schema };

export function slotsOf(value: unknown, s: Schema, path: (string | number)[] = [], out: Slot[] = []): Slot[] {
  out.push({ path, schema: s });
  if (Array.isArray(value))
    value.forEach((v, i) =>
      slotsOf(v, ((Array.isArray(s.items) ? s.items[i] : s.items) as Schema) ?? {}, [...path, i], out),
    );
  else if (value && typeof value === 'object') {
    const props = (s.properties ?? {}) as Record<string, Schema>;
    for (const [k, v] of Object.entries(value)) slotsOf(v, props[k] ?? {}, [...path, k], out);
  }
  return out;
}

let nested: unknown;
/** 500 levels of arrays: refused by the input rules before anything walks it recursively. */
const deepNesting = () => (nested ??= Array.from({ length: 500 }).reduce<unknown>((acc) => [acc], 'x'));

/** Edge and wrong values for one slot: lengths past the bound, huge numbers, NUL, surrogates, wrong types. */
export function edgeValues(s: Schema): unknown[] {
  const max = typeof s.maxLength === 'number' ? s.maxLength : 64;
  const values: unknown[] = [
    '',
    'x'.repeat(max + 1),
    'a\u0000b',
    '\u0000',
    '\uD800',
    'x\uDFFFy',
    'NaN',
    'Infinity',
    '-1',
    '1e300',
    '   ',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    '../../etc/passwd',
  ];
  values.push(1e300, -1e300, -1, 0, 0.5, Number.MAX_SAFE_INTEGER + 2, -0.0001, 2147483648);
  values.push(true, false, null, {}, [], [[]], { a: { b: { c: 1 } } }, ['x'], [1, 2, 3], deepNesting());
  if (typeof s.maximum === 'number') values.push(s.maximum + 1);
  if (typeof s.minimum === 'number') values.push(s.minimum - 1);
  if (typeof s.maxItems === 'number') values.push(Array.from({ length: s.maxItems + 1 }, () => 'x'));
  return values;
}

export function setAt(body: unknown, path: (string | number)[], value: unknown): unknown {
  if (!path.length) return value;
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path[path.length - 1]] = value;
  return copy;
}

/** Whole bodies that are not what any call expects (sent as JSON unless a string). */
export const GARBAGE_BODIES: { payload: string; contentType?: string }[] = [
  { payload: '' },
  { payload: 'null' },
  { payload: '[]' },
  { payload: '"text"' },
  { payload: '123' },
  { payload: '{' },
  { payload: '{"a":' },
  { payload: 'not json at all' },
  { payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}' },
  { payload: `${'['.repeat(3000)}${']'.repeat(3000)}` },
  { payload: `{"a":${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}` },
  { payload: '{"current":1e400,"size":-1e400}' },
  { payload: '{"id":"\\u0000","ids":["\\ud800"]}' },
  { payload: '\u0000\u0001\u0002' },
  { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { payload: 'plain', contentType: 'text/plain' },
  { payload: '<x/>', contentType: 'application/xml' },
  {
    payload: '--b\r\nContent-Disposition: form-data; name="file"\r\n\r\nzz\r\n--b--',
    contentType: 'multipart/form-data; boundary=b',
  },
];
