import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from '@rstest/core';
import TypeBox from 'typebox';
import Lite from './schema-lite';

const here = path.dirname(fileURLToPath(import.meta.url));
const json = (schema: unknown) => JSON.parse(JSON.stringify(schema));

describe('schema-lite (the browser builds’ typebox)', () => {
  it('builds the same JSON Schema as TypeBox for every constructor and option the contracts use', () => {
    // One builder's shape for both (their types differ; only the JSON they build is compared).
    const cases = (T: typeof TypeBox) => [
      T.String(),
      T.String({ maxLength: 64, minLength: 1 }),
      T.Integer({ minimum: 0, maximum: 100 }),
      T.Number(),
      T.Boolean(),
      T.Null(),
      T.Any(),
      T.Literal('a'),
      T.Literal(3),
      T.Literal(true),
      T.Object({}),
      T.Object({ a: T.String(), b: T.Optional(T.Integer()) }),
      T.Object({ a: T.Optional(T.String()) }, { additionalProperties: false }),
      T.Array(T.String(), { minItems: 1, maxItems: 50 }),
      T.Tuple([T.String(), T.Integer()]),
      T.Tuple([]),
      T.Union([T.Literal(0), T.Literal(1)]),
      T.Union([T.String(), T.Null()]),
      T.Record(T.String({ maxLength: 64 }), T.Number(), { maxProperties: 50 }),
      T.Optional(T.Array(T.Object({ id: T.String() }))),
    ];
    expect(json(cases(Lite as never))).toEqual(json(cases(TypeBox as never)));
  });

  it('leaves optional keys out of required, as TypeBox does, without an enumerable marker', () => {
    const schema = Lite.Object({ a: Lite.String(), b: Lite.Optional(Lite.String()) });
    expect(schema.required).toEqual(['a']);
    expect(Object.keys(schema.properties as object)).toEqual(['a', 'b']);
    expect(Object.keys((schema.properties as Record<string, object>).b)).toEqual(['type']);
    // One schema used both ways (the contracts reuse ids and paging bodies) stays required where it is required.
    const id = Lite.String();
    expect(Lite.Object({ a: id, b: Lite.Optional(id) }).required).toEqual(['a']);
  });

  it('refuses a record keyed by anything but a string (TypeBox would build another pattern)', () => {
    expect(() => Lite.Record(Lite.Integer(), Lite.String())).toThrow(/Record keys/);
  });

  it('gives every schema of the whole contract, call by call, exactly as TypeBox does', () => {
    // The contracts loaded twice in child processes: as the server loads them, and with `typebox` resolved to
    // schema-lite as the browser builds alias it.
    const dir = mkdtempSync(path.join(tmpdir(), 'schema-lite-'));
    const hooks = path.join(dir, 'hooks.mjs');
    writeFileSync(
      hooks,
      `export async function resolve(s, c, next) { return next(s === 'typebox' ? ${JSON.stringify(pathToFileURL(path.join(here, 'schema-lite.ts')).href)} : s, c); }`,
    );
    const register = path.join(dir, 'register.mjs');
    writeFileSync(
      register,
      `import { register } from 'node:module'; register(${JSON.stringify(pathToFileURL(hooks).href)});`,
    );
    const dump = `const m = await import(${JSON.stringify(pathToFileURL(path.join(here, 'index.ts')).href)});
      const calls = m.callsIn(m);
      // TypeBox marks each schema with a hidden kind; schema-lite does not: tells which builder actually ran.
      process.stdout.write(JSON.stringify({ kind: calls[0].call.body['~kind'] ?? null, calls: calls.map(({ name, call }) => [name, call]) }));`;
    const run = (...imports: string[]) =>
      execFileSync(process.execPath, [...imports.flatMap((i) => ['--import', i]), '--input-type=module', '-e', dump], {
        cwd: here,
        encoding: 'utf8',
        maxBuffer: 64 << 20,
      });
    const real = JSON.parse(run('tsx'));
    const lite = JSON.parse(run('tsx', register));
    expect([real.kind, lite.kind]).toEqual(['Object', null]);
    expect(real.calls.length).toBeGreaterThan(200);
    expect(lite.calls).toEqual(real.calls);
  }, 60_000);
});
