/**
 * The codebase's shape, checked on every `npm test` (issue 37; docs/conventions.md "One shape"): SQL only in
 * repositories, services that deploy alone, no import circles, question types by name. Each rule reads the
 * production files (tests, `testing/` folders and `*.testing.ts` excluded) and lists every breach with its place.
 */
import { describe, expect, test } from '@rstest/core';
import { findBreaches, productionFiles } from './shape';

describe('the shape of the code', () => {
  const files = productionFiles();

  test('route files hold no SQL: no drizzle, no tables, no queries (routes → service → repository)', () => {
    expect(findBreaches(files).sqlInRoutes).toEqual([]);
  });

  test("no service imports another service's package or folder (each deploys alone; services/server composes them)", () => {
    expect(findBreaches(files).crossService).toEqual([]);
  });

  test('no import circles among the production files of the services', () => {
    expect(findBreaches(files).cycles).toEqual([]);
  });

  test('question types are written by name (QuType from @exam/contracts), not as bare numbers', () => {
    expect(findBreaches(files).bareTypes).toEqual([]);
  });

  test('front ends call the server through contracts, never by a literal URL or an untyped post', () => {
    expect(findBreaches(files).untypedCalls).toEqual([]);
  });
});

describe('the rules catch what they are for', () => {
  const one = (path: string, text: string) => findBreaches(new Map([[path, text]]));

  test('SQL in a route file', () => {
    expect(one('services/system/src/dic/dic-routes.ts', "import { eq } from 'drizzle-orm';").sqlInRoutes).toHaveLength(
      1,
    );
    expect(
      one('services/system/src/dic/dic-routes.ts', 'const rows = await db.select().from(t);').sqlInRoutes,
    ).toHaveLength(1);
    expect(
      one('services/system/src/dic/dic-routes.ts', "import {\n  route,\n  schema,\n} from '@exam/server-kit';")
        .sqlInRoutes,
    ).toHaveLength(1);
    expect(
      one('services/system/src/dic/dic-routes.ts', 'const rows = await app.db\n    .select()\n    .from(t);')
        .sqlInRoutes,
    ).toEqual(['services/system/src/dic/dic-routes.ts:1: const rows = await app.db']);
    expect(
      one('services/system/src/dic/dic-repository.ts', "import { eq } from 'drizzle-orm';").sqlInRoutes,
    ).toHaveLength(0);
  });

  test("another service's package or folder", () => {
    expect(one('services/exam/src/paper/x.ts', "import { a } from '@exam/svc-repo';").crossService).toHaveLength(1);
    expect(
      one('services/exam/src/paper/x.ts', "import { a } from '../../../repo/src/qu/qu-service';").crossService,
    ).toHaveLength(1);
    expect(one('services/kit/src/x.ts', "import { a } from '@exam/svc-exam';").crossService).toHaveLength(1);
    expect(one('services/server/src/app.ts', "import { a } from '@exam/svc-exam';").crossService).toHaveLength(0);
  });

  test('an import circle, not a type-only one', () => {
    const files = new Map([
      ['services/exam/src/a.ts', "import { b } from './b';"],
      ['services/exam/src/b.ts', "import { c } from './c';"],
      ['services/exam/src/c.ts', "import { a } from './a';"],
      ['services/exam/src/d.ts', "import type { e } from './e';"],
      ['services/exam/src/e.ts', "import { d } from './d';"],
    ]);
    expect(findBreaches(files).cycles).toEqual([
      'services/exam/src/a.ts ⇄ services/exam/src/b.ts ⇄ services/exam/src/c.ts',
    ]);
  });

  test('an untyped call in a front end', () => {
    expect(
      one('mfe-exam/src/features/screen/x.ts', "await post<Paper>('/api/paper/paper/detail', { id });").untypedCalls,
    ).toHaveLength(1);
    expect(one('shared/store/src/session.ts', "const url = '/api/sys/user/info';").untypedCalls).toHaveLength(1);
    expect(
      one('mfe-exam/src/features/screen/x.ts', 'await call(PaperCalls.detail, { id });').untypedCalls,
    ).toHaveLength(0);
  });

  test('a bare question type', () => {
    expect(one('shared/ui/src/x.tsx', '{qu.quType === 5 && <Fill />}').bareTypes).toHaveLength(1);
    expect(one('mfe-repo/src/x.ts', 'const CHOICE = [1, 2, 3, 26, 27, 28];').bareTypes).toHaveLength(1);
    expect(one('mfe-repo/src/x.ts', 'switch (quType) {\n  case 3: return 1;\n}').bareTypes).toEqual([
      'mfe-repo/src/x.ts:2',
    ]);
    expect(one('mfe-repo/src/x.ts', 'cols={[4, 19]}; qu.quType === QuType.FILL').bareTypes).toHaveLength(0);
    expect(
      one('shared/contracts/src/repo/common.ts', 'export const QU_TYPES = [1, 2, 3, 4, 5, 6, 26, 27, 28, 99];')
        .bareTypes,
    ).toHaveLength(0);
  });
});
