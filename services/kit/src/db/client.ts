import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migratedMemoryPglite } from './memory-pglite';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbHandle = { db: Db; close: () => Promise<void>; kind: 'postgres' | 'pglite' };

/** Listeners of the statements each database handle runs (tests count them; nothing listens in production). */
const watchers = new WeakMap<object, Set<(sql: string) => void>>();
const statementLogger = () => {
  const set = new Set<(sql: string) => void>();
  return { set, logger: { logQuery: (q: string) => set.forEach((f) => f(q)) } };
};
/** Calls `fn` with every SQL statement `db` runs from now on (drizzle's, transactions' begin/commit included); returns a stop. */
export function watchStatements(db: Db, fn: (sql: string) => void): () => void {
  const set = watchers.get(db);
  if (!set) throw new Error('not a database opened by openDb');
  set.add(fn);
  return () => set.delete(fn);
}

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
// Any fixed number: every process that migrates takes this advisory lock first.
const MIGRATE_LOCK = 72_051_001;

/**
 * Opens PostgreSQL when a URL is given, else PGlite in `dataDir` (or in memory for ':memory:').
 * With `migrate`, applies the migrations (once across processes) and calls `afterMigrate` under the same lock.
 */
export async function openDb(opts: {
  databaseUrl: string;
  dataDir: string;
  migrate: boolean;
  afterMigrate?: (db: Db) => Promise<void>;
}): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: Number(process.env.DB_POOL_MAX ?? 10) });
    // A client dropped by the server (restart, crash, failover) must not crash the process: idle ones
    // report on the pool, checked-out ones (a transaction waiting between statements) on themselves.
    // The statement in flight fails on its own (a 500, the client retries); the pool discards the client.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const log = statementLogger();
    const db = drizzlePg(pool, { schema, logger: log.logger });
    watchers.set(db, log.set);
    if (opts.migrate) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATE_LOCK]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS });
        await opts.afterMigrate?.(db);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATE_LOCK]).catch(() => {});
        client.release();
      }
    }
    return { db, close: () => pool.end(), kind: 'postgres' };
  }
  const memory = opts.dataDir === ':memory:';
  if (!memory) mkdirSync(opts.dataDir, { recursive: true });
  // On disk, a COMMIT returns only once it is on the disk (see durable-pglite.ts); in memory nothing can be.
  // In memory (tests) the migrations come from a dump of a migrated database; migrate below is then a no-op check.
  const client = memory
    ? await (opts.migrate ? migratedMemoryPglite(MIGRATIONS) : memoryPglite())
    : await (await import('./durable-pglite')).openDurablePglite(path.join(opts.dataDir, 'pgdata'));
  const log = statementLogger();
  const db = drizzlePglite(client, { schema, logger: log.logger }) as unknown as Db;
  watchers.set(db, log.set);
  if (opts.migrate) {
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS });
    await opts.afterMigrate?.(db);
  }
  return { db, close: () => client.close(), kind: 'pglite' };
}

async function memoryPglite() {
  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite();
  await client.waitReady;
  return client;
}
