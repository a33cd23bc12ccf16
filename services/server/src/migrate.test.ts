import { randomBytes } from 'node:crypto';
import { call, createTestApp, signIn } from '@exam/server-kit/testing';
import { systemService } from '@exam/svc-system';
import { afterAll, describe, expect, it } from '@rstest/core';
import pg from 'pg';
import { migrateAndSeed } from './migrate';

// The migrate entry (the distributed mode's first step, a cluster's Job) against an empty PostgreSQL database.
const adminUrl = process.env.TEST_DATABASE_URL ?? '';
const name = `t_mig_${randomBytes(5).toString('hex')}`;
const dbUrl = () => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
async function admin(sql: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await c.query(sql);
  } finally {
    await c.end();
  }
}
afterAll(async () => {
  if (adminUrl) await admin(`drop database if exists ${name} with (force)`);
});

describe.skipIf(!adminUrl)('migrate and seed', () => {
  it('two runs at once on an empty database apply everything once; a replica that never migrates then serves', async () => {
    await admin(`create database ${name}`);
    const env = { DATABASE_URL: dbUrl(), DEMO_DATA: '1', DATA_DIR: ':memory:' };
    await Promise.all([migrateAndSeed(env), migrateAndSeed(env)]);
    const seeds = await query(`select name from sys_seed order by name`);
    expect(seeds).toEqual(
      expect.arrayContaining([
        'system',
        'system-demo',
        'repo-demo',
        'exam-demo',
        'course-demo',
        'cert-demo',
        'battle-demo',
      ]),
    );
    expect(await query(`select count(*)::text as n from sys_user where user_name = 'admin'`)).toEqual(['1']);
    // A release run again changes nothing.
    await migrateAndSeed(env);
    expect(await query(`select name from sys_seed order by name`)).toEqual(seeds);

    const replica = await createTestApp({
      services: [systemService],
      databaseUrl: dbUrl(),
      config: { migrate: false },
    });
    try {
      const token = await signIn(replica, 'admin', 'Admin@2026');
      expect((await call(replica, '/api/sys/user/info', {}, token)).body.data.userName).toBe('admin');
    } finally {
      await replica.close();
    }
  });

  it('a database it cannot reach fails the run (the Job then retries)', async () => {
    const bad = Object.assign(new URL(adminUrl), { port: '1', pathname: '/nowhere' }).toString();
    await expect(migrateAndSeed({ DATABASE_URL: bad, DATA_DIR: ':memory:' })).rejects.toThrow();
  });
});

async function query(sql: string): Promise<string[]> {
  const c = new pg.Client({ connectionString: dbUrl() });
  await c.connect();
  try {
    return (await c.query(sql)).rows.map((r) => Object.values(r)[0] as string);
  } finally {
    await c.end();
  }
}
