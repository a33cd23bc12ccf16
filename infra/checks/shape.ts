/** The rules of shape.test.ts, over a map of production files (path relative to the repo → text). */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Folders whose production code the rules read (front ends for the question-type rule only). */
const ROOTS = [
  'services',
  'shared',
  'shell-web',
  'shell-admin',
  'mfe-course',
  'mfe-exam',
  'mfe-repo',
  'mfe-system',
  'mfe-watch',
];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'testing', 'build', '.turbo']);

export type Files = Map<string, string>;

const isTestFile = (f: string) => /\.(test|spec|testing)\.tsx?$/.test(f) || /\.d\.ts$/.test(f);

/** Every production .ts/.tsx file under the project's package folders. */
export function productionFiles(): Files {
  const out: Files = new Map();
  const walk = (dir: string) => {
    for (const e of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name)) walk(rel);
      } else if (/\.tsx?$/.test(e.name) && !isTestFile(e.name)) {
        out.set(rel, readFileSync(path.join(ROOT, rel), 'utf8'));
      }
    }
  };
  for (const r of ROOTS) walk(r);
  return out;
}

/** `import … from 'x'` and `export … from 'x'` specifiers of a file; `import type` ones apart (no runtime edge). */
function importsOf(text: string): { spec: string; typeOnly: boolean }[] {
  const out: { spec: string; typeOnly: boolean }[] = [];
  const re = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push({ spec: m[3], typeOnly: !!m[2] });
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push({ spec: m[1], typeOnly: false });
  return out;
}

const serviceOf = (f: string) => /^services\/([^/]+)\//.exec(f)?.[1];

/** What in a route file reaches the database itself (over the whole text: the formatter breaks imports and chains). */
const SQL_IN_ROUTES = [
  /from\s*['"]drizzle-orm/g,
  /import\s*\{[^}]*\bschema\b[^}]*\}\s*from\s*['"]@exam\/server-kit['"]/g,
  /\bsql`/g,
  /\b(db|tx)\s*\.\s*(select|insert|update|delete|execute|transaction|query)\b/g,
];

/** Each match of the rules in a text, as `path:line: the line`. */
function matchesIn(f: string, text: string, rules: RegExp[]): string[] {
  const lines = text.split('\n');
  const at = new Set<number>();
  for (const re of rules) for (const m of text.matchAll(re)) at.add(text.slice(0, m.index).split('\n').length);
  return [...at].sort((a, b) => a - b).map((n) => `${f}:${n}: ${lines[n - 1].trim().slice(0, 100)}`);
}

const QU_CODES = new Set(['1', '2', '3', '4', '5', '6', '26', '27', '28', '99']);
/** A question type compared with, or set to, a bare number; `case 3:` under a `switch (… quType)`. */
const BARE_TYPE = [/\bquType\w*\s*(?:===|!==|==|!=)\s*\d/, /\bquType\s*:\s*\d/, /\d\s*(?:===|!==)\s*\w*\.?quType\b/];

function bareTypeLines(text: string): number[] {
  const lines = text.split('\n');
  const out: number[] = [];
  let inTypeSwitch = false;
  lines.forEach((line, i) => {
    if (/switch\s*\([^)]*quType[^)]*\)/.test(line)) inTypeSwitch = true;
    else if (/switch\s*\(/.test(line)) inTypeSwitch = false;
    const arrays = [...line.matchAll(/\[\s*(\d+(?:\s*,\s*\d+)+)\s*\]/g)].map((m) => m[1].split(/\s*,\s*/));
    // A list of type codes: every item a code and, so that [4, 19] or [1, 2] of something else pass, a
    // scale or composite code in it, or the line about types.
    const typeList = arrays.some(
      (a) => a.every((x) => QU_CODES.has(x)) && (a.some((x) => +x > 6) || /quType|TYPE/i.test(line)),
    );
    if (BARE_TYPE.some((re) => re.test(line)) || typeList || (inTypeSwitch && /\bcase\s+\d+\s*:/.test(line)))
      out.push(i + 1);
  });
  return out;
}

/** Cycles in the graph of runtime relative imports within each package (one path per strongly connected set). */
function findCycles(files: Files): string[] {
  const graph = new Map<string, string[]>();
  const resolve = (from: string, spec: string) => {
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
    for (const c of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
      if (files.has(c)) return c;
    return undefined;
  };
  for (const [f, text] of files) {
    if (!f.startsWith('services/')) continue;
    graph.set(
      f,
      importsOf(text)
        .filter((i) => !i.typeOnly && i.spec.startsWith('.'))
        .map((i) => resolve(f, i.spec))
        .filter((x): x is string => !!x),
    );
  }
  // Tarjan's strongly connected components; a component of two or more files (or a self-import) is a circle.
  let index = 0;
  const idx = new Map<string, number>(),
    low = new Map<string, number>(),
    stack: string[] = [],
    on = new Set<string>();
  const out: string[] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || graph.get(v)?.includes(v)) out.push(scc.sort().join(' ⇄ '));
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out.sort();
}

/** Front-end code calls the server through a contract (`call(Calls.x)` or an RTK Query endpoint), never by URL. */
const FRONT_ENDS = /^(shell-|mfe-|shared\/(ui|store|shell)\/)/;
const UNTYPED_CALL = [/\bpost\s*[<(]/g, /['"`]\/api\//g];
/** RTK Query's base query: every endpoint reaches it with a contract's url (queryCall, mutationCall). */
const UNTYPED_ALLOWED = new Set(['shared/store/src/api.ts']);

export function findBreaches(files: Files) {
  const sqlInRoutes: string[] = [];
  const untypedCalls: string[] = [];
  const crossService: string[] = [];
  const bareTypes: string[] = [];
  for (const [f, text] of files) {
    if (/-routes\.ts$/.test(f)) sqlInRoutes.push(...matchesIn(f, text, SQL_IN_ROUTES));
    const svc = serviceOf(f);
    // services/server is the all-in-one composition root: it alone starts several services in one process.
    if (svc && svc !== 'server') {
      for (const { spec } of importsOf(text)) {
        const pkg = /^@exam\/svc-([\w-]+)/.exec(spec)?.[1];
        const up = spec.startsWith('.')
          ? serviceOf(path.posix.normalize(path.posix.join(path.posix.dirname(f), spec)))
          : undefined;
        if ((pkg && pkg !== svc) || (up && up !== svc) || (svc === 'kit' && pkg)) crossService.push(`${f}: ${spec}`);
      }
    }
    if (!f.startsWith('shared/contracts/')) for (const n of bareTypeLines(text)) bareTypes.push(`${f}:${n}`);
    if (FRONT_ENDS.test(f) && !UNTYPED_ALLOWED.has(f)) untypedCalls.push(...matchesIn(f, text, UNTYPED_CALL));
  }
  return { sqlInRoutes, crossService, cycles: findCycles(files), bareTypes, untypedCalls };
}
