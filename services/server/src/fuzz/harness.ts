import { hashPassword, schema } from '@exam/server-kit';
import { call, createTestApp, signIn } from '@exam/server-kit/testing';
import { eq, getTableColumns, getTableName, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { ALL_SEEDS, ALL_SERVICES } from '../app';
import { staticSite } from '../static';
import type { Pools, Rng } from './schema-values';

/**
 * The fuzz suite's app and bookkeeping: the real app with every service and seed (and the static
 * site), sessions of the demo admin and learner that come back when a fuzzed call ends them, ids from
 * the database, and a tally of what was sent and what answered 5xx or dropped the connection.
 */
export const ACCOUNTS = { admin: 'Admin@2026', learner: 'Learner@2026' } as const;
export type Role = 'visitor' | keyof typeof ACCOUNTS;
export const ROLES: Role[] = ['visitor', 'learner', 'admin'];
export type Payload = { payload: string | Buffer; contentType?: string };

export async function startFuzz() {
  const routes: { method: string; url: string }[] = [];
  const recorder = async (app: FastifyInstance) => {
    app.addHook('onRoute', (r) => {
      for (const method of [r.method].flat()) routes.push({ method, url: r.url });
    });
  };
  // Not encapsulated (what fastify-plugin marks), so the hook sees the routes of every service after it.
  Object.assign(recorder, { [Symbol.for('skip-override')]: true });
  const app: FastifyInstance = await createTestApp({
    services: [recorder, ...ALL_SERVICES],
    seeds: ALL_SEEDS,
    extras: [staticSite],
  });
  const tokens: Record<Role, string> = {
    visitor: '',
    admin: await signIn(app, 'admin', ACCOUNTS.admin),
    learner: await signIn(app, 'learner', ACCOUNTS.learner),
  };
  const failures: string[] = [];
  const statuses: Record<number, number> = {};
  const reached = new Set<string>();
  const idsByTable = new Map<string, string[]>();
  let sent = 0;

  /** A session for each account again when a fuzzed call ended it (logout, a state change, a reset). */
  async function ensureSessions() {
    for (const name of Object.keys(ACCOUNTS) as (keyof typeof ACCOUNTS)[]) {
      if ((await call(app, '/api/sys/user/info', {}, tokens[name])).status === 200) continue;
      await app.db
        .update(schema.sysUser)
        .set({ state: 0, password: await hashPassword(ACCOUNTS[name]) })
        .where(eq(schema.sysUser.userName, name));
      tokens[name] = await signIn(app, name, ACCOUNTS[name]);
    }
  }

  /** Real ids of every table (not the fuzzing accounts'), so calls get past "not found". */
  async function collectIds() {
    const own = (
      await app.db
        .select({ id: schema.sysUser.id })
        .from(schema.sysUser)
        .where(inArray(schema.sysUser.userName, Object.keys(ACCOUNTS)))
    ).map((u) => u.id);
    for (const table of Object.values(schema) as PgTable[]) {
      if (!table || typeof table !== 'object' || !(Symbol.for('drizzle:IsDrizzleTable') in table)) continue;
      const id = getTableColumns(table).id;
      if (!id) continue;
      const rows = (await app.db.select({ id }).from(table).limit(6)) as { id: unknown }[];
      idsByTable.set(
        getTableName(table),
        rows.map((r) => String(r.id)).filter((v) => !own.includes(v)),
      );
    }
    idsByTable.set(
      'dept',
      (await app.db.select({ code: schema.sysDepart.deptCode }).from(schema.sysDepart)).map((d) => d.code),
    );
  }

  /**
   * Which table a field's ids come from: by the field's name (`examId` → el_exam, `roles` → sys_role,
   * `deptCode` → departments), else for `id`/`ids` by the call's path (`/api/sys/dic/value/save` → sys_dic_value).
   */
  function poolsFor(url: string, r: Rng): Pools {
    const tables = [...idsByTable.keys()];
    const tableOf = (word: string) =>
      tables.find((t) => [word, `el_${word}`, `sys_${word}`].includes(t)) ?? tables.find((t) => t.endsWith(`_${word}`));
    const segments = url.split('/').slice(2).reverse();
    return {
      idFor(field) {
        const base = field.replace(/(Ids|Id|Codes|Code|s)$/, '').replace(/^i?d?$/, '');
        const ids = idsByTable.get((base && tableOf(base)) || segments.map(tableOf).find(Boolean) || '') ?? [];
        return ids.length ? r.pick(ids) : undefined;
      },
    };
  }

  async function send(opts: {
    method?: InjectOptions['method'];
    url: string;
    role: Role;
    body?: Payload;
    what: string;
  }) {
    sent++;
    // Per-IP limits (sign-in, captcha) must not stop the suite: every request comes from its own address.
    const remoteAddress = `10.${sent % 250}.${(sent >> 8) % 250}.${1 + (sent % 200)}`;
    const token = tokens[opts.role];
    const shown = `${opts.method ?? 'POST'} ${opts.url} as ${opts.role} (${opts.what}): ${String(opts.body?.payload ?? '').slice(0, 160)}`;
    try {
      const res = await app.inject({
        method: opts.method ?? 'POST',
        url: opts.url,
        remoteAddress,
        headers: {
          ...(opts.body ? { 'content-type': opts.body.contentType ?? 'application/json' } : {}),
          ...(token ? { token } : {}),
        },
        ...(opts.body ? { payload: opts.body.payload } : {}),
      });
      statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
      if (res.statusCode === 200 && opts.what === 'valid') reached.add(opts.url);
      if (res.statusCode >= 500) failures.push(`${res.statusCode} ${shown} → ${res.body.slice(0, 120)}`);
    } catch (e) {
      failures.push(`dropped ${shown} → ${(e as Error).message}`);
    }
  }

  const summary = (what: string) =>
    `fuzz (${what}): ${sent} requests, ${failures.length} answered 5xx or dropped; by status ${JSON.stringify(statuses)}; ${reached.size} calls answered 200 to a valid-shaped body`;

  return { app, tokens, routes, failures, reached, ensureSessions, collectIds, poolsFor, send, summary };
}
export type Fuzz = Awaited<ReturnType<typeof startFuzz>>;
