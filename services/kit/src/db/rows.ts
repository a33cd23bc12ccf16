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
