import type { Ajv, ErrorObject, SchemaValidateFunction } from 'ajv';
import fp from 'fastify-plugin';

/** Deeper than any contract goes; a deeper body is garbage, refused before anything walks it. */
const MAX_DEPTH = 32;

export type Unstorable = { path: string; reason: string };

// A high surrogate without its low half, or a low one without its high half.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const badString = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);

/**
 * The first value of a request that PostgreSQL cannot store as given: a NUL byte (text and jsonb
 * refuse it), a lone UTF-16 surrogate (silently turned into U+FFFD on the way in), a number JSON
 * parsed to Infinity. Walks keys too (jsonb columns keep them), without recursion.
 */
export function firstUnstorable(value: unknown): Unstorable | undefined {
  const stack: { v: unknown; path: string; depth: number }[] = [{ v: value, path: '', depth: 0 }];
  while (stack.length) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (badString(v)) return { path, reason: '不能包含空字符或无效的Unicode字符' };
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) return { path, reason: '数值超出范围' };
    } else if (v && typeof v === 'object') {
      if (depth >= MAX_DEPTH) return { path, reason: '嵌套层级过深' };
      for (const [k, child] of Object.entries(v)) {
        const at = `${path}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`;
        if (badString(k)) return { path: at, reason: '字段名不能包含空字符或无效的Unicode字符' };
        stack.push({ v: child, path: at, depth: depth + 1 });
      }
    }
  }
  return undefined;
}

/** Ajv keyword `storable: true`: fails with the offending field's path, so the 400 names it. */
export function storableKeyword(ajv: Ajv): Ajv {
  const validate: SchemaValidateFunction = (_schema, data, _parent, ctx) => {
    const bad = firstUnstorable(data);
    if (!bad) return true;
    const error: ErrorObject = {
      keyword: 'storable',
      instancePath: `${ctx?.instancePath ?? ''}${bad.path}`,
      schemaPath: '#/storable',
      params: {},
      message: bad.reason,
    };
    validate.errors = [error];
    return false;
  };
  return ajv.addKeyword({ keyword: 'storable', schemaType: 'boolean', errors: true, validate });
}

const PARTS = ['body', 'querystring', 'params'] as const;

/**
 * Every request part with a schema, of every route registered after this plugin, also gets the
 * `storable` rule: one place guards every string of every contract (docs/decisions.md, input rules).
 */
export const inputRulesPlugin = fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      const schema = route.schema as Record<string, unknown> | undefined;
      if (!schema) return;
      const parts = PARTS.filter((p) => schema[p] && typeof schema[p] === 'object');
      if (!parts.length) return;
      route.schema = {
        ...schema,
        ...Object.fromEntries(parts.map((p) => [p, { ...(schema[p] as object), storable: true }])),
      };
    });
  },
  { name: 'input-rules' },
);
