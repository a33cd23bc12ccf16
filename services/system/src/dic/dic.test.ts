import { call, createTestApp, signIn } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type { FastifyInstance } from 'fastify';
import { seed, systemService } from '../index';

let app: FastifyInstance;
let admin: string;
let learner: string;
beforeAll(async () => {
  app = await createTestApp({ services: [systemService], seeds: [seed] });
  admin = await signIn(app, 'admin', 'Admin@2026');
  learner = await signIn(app, 'learner', 'Learner@2026');
}, 120_000);
afterAll(() => app.close());

describe('dictionaries', () => {
  it('lets anyone signed in read a value tree, without the excluded ids', async () => {
    const t = await call(app, '/api/sys/dic/value/tree', { dicCode: 'user_state' }, learner);
    expect(t.body.data.map((v: { value: string; title: string }) => [v.value, v.title])).toEqual([
      ['0', '正常'],
      ['1', '禁用'],
      ['2', '待审核'],
    ]);
    const ex = await call(
      app,
      '/api/sys/dic/value/tree',
      { dicCode: 'user_state', excludes: ['dv-user_state-1'] },
      learner,
    );
    expect(ex.body.data).toHaveLength(2);
    expect((await call(app, '/api/sys/dic/value/tree', { dicCode: 'user_state' })).status).toBe(401);
    expect((await call(app, '/api/sys/dic/value/tree', {}, admin)).status).toBe(400);
  });

  it('manages dictionaries and nested values', async () => {
    const d = await call(app, '/api/sys/dic/save', { code: 'job_level', title: '职级' }, admin);
    expect(d.status).toBe(200);
    expect((await call(app, '/api/sys/dic/save', { code: 'job_level', title: '重复' }, admin)).status).toBe(409);
    expect((await call(app, '/api/sys/dic/save', { code: '1bad', title: 'x' }, admin)).status).toBe(400);
    const p = await call(app, '/api/sys/dic/value/save', { dicCode: 'job_level', value: 'm', title: '管理' }, admin);
    const c = await call(
      app,
      '/api/sys/dic/value/save',
      { dicCode: 'job_level', parentId: p.body.data.id, value: 'm1', title: '初级管理' },
      admin,
    );
    expect(c.status).toBe(200);
    expect(
      (await call(app, '/api/sys/dic/value/save', { dicCode: 'job_level', value: 'm', title: '重复' }, admin)).status,
    ).toBe(409);
    expect(
      (await call(app, '/api/sys/dic/value/save', { dicCode: 'nope', value: 'x', title: 'x' }, admin)).body.msg,
    ).toBe('字典不存在！');
    const tree = await call(app, '/api/sys/dic/value/tree', { dicCode: 'job_level' }, admin);
    expect(tree.body.data[0]).toMatchObject({ value: 'm', children: [expect.objectContaining({ value: 'm1' })] });
    expect((await call(app, '/api/sys/dic/value/delete', { ids: [p.body.data.id] }, admin)).body.msg).toBe(
      '存在下级字典值，请先删除下级！',
    );
    expect((await call(app, '/api/sys/dic/value/delete', { ids: [c.body.data.id] }, admin)).status).toBe(200);
    const page = await call(app, '/api/sys/dic/paging', { params: { title: '职级' } }, admin);
    expect(page.body.data.records[0]).toMatchObject({ code: 'job_level' });
    expect((await call(app, '/api/sys/dic/delete', { ids: [d.body.data.id] }, admin)).status).toBe(200);
    expect((await call(app, '/api/sys/dic/value/tree', { dicCode: 'job_level' }, admin)).body.data).toEqual([]);
  });

  it('refuses learners on the admin calls', async () => {
    expect((await call(app, '/api/sys/dic/paging', {}, learner)).status).toBe(403);
    expect((await call(app, '/api/sys/dic/save', { code: 'abc', title: 'x' }, learner)).status).toBe(403);
    expect(
      (await call(app, '/api/sys/dic/value/save', { dicCode: 'user_state', value: '9', title: 'x' }, learner)).status,
    ).toBe(403);
    expect((await call(app, '/api/sys/dic/value/delete', { ids: ['dv-user_state-0'] }, learner)).status).toBe(403);
    expect(
      (await call(app, '/api/sys/dic/value/save', { id: 'nope', dicCode: 'user_state', value: '9', title: 'x' }, admin))
        .status,
    ).toBe(404);
  });
});
