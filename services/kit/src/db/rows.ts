import pg from 'pg';
import type { Db } from './client';

/** The rows of a raw `execute` result: node-postgres and PGlite both answer `{ rows }`. */
export const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

type Queryable = { query(text: unknown, values?: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * A statement PostgreSQL keeps parsed and planned per connection (a node-postgres named statement), for the
 * hottest calls: parsing and planning it again each time was much of their cost. On PGlite (one connection in
 * the process) a plain query. `db` is the pool, never a transaction (whose connection this would bypass).
 */
export async function preparedRows<T>(db: Db, name: string, text: string, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client: Queryable }).$client;
  const res = client instanceof pg.Pool ? await client.query({ name, text, values }) : await client.query(text, values);
  return res.rows as T[];
}

/**
 * A drizzle query built once per database handle and kept as a named statement (`.prepare(name)` with
 * `sql.placeholder`s): the hottest reads skip drizzle's query building (~8 % of an exam replica's CPU in the start
 * storm) and PostgreSQL's parse and plan. Like `preparedRows`, for the pool only, never a transaction.
 */
export function preparedOn<P>(build: (db: Db) => P): (db: Db) => P {
  const byDb = new WeakMap<Db, P>();
  return (db) => {
    let p = byDb.get(db);
    if (!p) byDb.set(db, (p = build(db)));
    return p;
  };
}
