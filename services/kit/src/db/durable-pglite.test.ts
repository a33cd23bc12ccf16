import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@rstest/core';
import { lockDataDir, openDurablePglite } from './durable-pglite';

// The kill-and-restart proof is the crash suite (`node infra/scripts/test.mjs crash`); this guards the settings.
const dir = mkdtempSync(path.join(tmpdir(), 'durable-pglite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the embedded database on disk', () => {
  it('runs PostgreSQL with fsync and synchronous commit on, flushing WAL with fsync', async () => {
    const db = await openDurablePglite(dir);
    const { rows } = await db.query<{ name: string; setting: string }>(
      `select name, setting from pg_settings where name in ('fsync', 'synchronous_commit', 'wal_sync_method', 'full_page_writes') order by name`,
    );
    expect(rows).toEqual([
      { name: 'fsync', setting: 'on' },
      { name: 'full_page_writes', setting: 'on' },
      { name: 'synchronous_commit', setting: 'on' },
      { name: 'wal_sync_method', setting: 'fsync' },
    ]);
    await db.close();
  });

  it('keeps what transactions, statements and scripts committed, and returns the transaction result', async () => {
    let db = await openDurablePglite(dir);
    await db.exec('create table t (id int primary key, v text); insert into t values (1, $$exec$$)');
    await db.query('insert into t values ($1, $2)', [2, 'query']);
    expect(
      await db.transaction(async (tx) => (await tx.query('insert into t values (3, $1) returning id', ['tx'])).rows),
    ).toEqual([{ id: 3 }]);
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into t values (4, 'rolled back')`);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await db.close();
    db = await openDurablePglite(dir);
    expect((await db.query('select id, v from t order by id')).rows).toEqual([
      { id: 1, v: 'exec' },
      { id: 2, v: 'query' },
      { id: 3, v: 'tx' },
    ]);
    await db.close();
  });
});

describe('one server per data directory', () => {
  it('refuses a second opener while the first lives, in this process or another, and takes over after a kill', async () => {
    const db = await openDurablePglite(dir);
    await expect(openDurablePglite(dir)).rejects.toThrow('is in use by process this one');
    await db.close();

    const other = path.join(dir, 'other');
    const code = `import(${JSON.stringify(path.resolve(import.meta.dirname, 'durable-pglite.ts'))}).then((m) => { m.lockDataDir(${JSON.stringify(other)}); console.log('locked'); setInterval(() => {}, 1000); })`;
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise((resolve) => child.stdout.once('data', resolve));
    expect(() => lockDataDir(other)).toThrow(`is in use by process ${child.pid}`);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const release = lockDataDir(other);
    release();
  }, 30_000);
});
