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

describe('departments', () => {
  it('serves the tree and the select tree', async () => {
    const tree = await call(app, '/api/sys/depart/tree', {}, admin);
    expect(tree.body.data[0]).toMatchObject({ deptName: '云帆科技', deptCode: 'A01' });
    expect(tree.body.data[0].children.map((d: { deptCode: string }) => d.deptCode)).toEqual([
      'A01A01',
      'A01A02',
      'A01A03',
    ]);
    const sel = await call(app, '/api/sys/depart/tree-select', {}, learner);
    expect(sel.body.data[0]).toMatchObject({ value: 'A01', title: '云帆科技' });
    expect((await call(app, '/api/sys/depart/tree', {})).status).toBe(401);
  });

  it('generates hierarchical codes and renames without recoding', async () => {
    const a = await call(app, '/api/sys/depart/save', { parentId: 'd-root', deptName: '财务部' }, admin);
    expect(a.body.data.deptCode).toBe('A01A04');
    const b = await call(app, '/api/sys/depart/save', { parentId: a.body.data.id, deptName: '会计组' }, admin);
    expect(b.body.data.deptCode).toBe('A01A04A01');
    const top = await call(app, '/api/sys/depart/save', { parentId: '0', deptName: '分公司' }, admin);
    expect(top.body.data.deptCode).toBe('A02');
    const r = await call(
      app,
      '/api/sys/depart/save',
      { id: a.body.data.id, parentId: 'd-root', deptName: '财务中心' },
      admin,
    );
    expect(r.body.data.deptCode).toBe('A01A04');
    expect((await call(app, '/api/sys/depart/detail', { id: a.body.data.id }, admin)).body.data.deptName).toBe(
      '财务中心',
    );
  });

  it('refuses bad input, learners and unknown ids', async () => {
    expect((await call(app, '/api/sys/depart/save', { parentId: 'd-root', deptName: ' ' }, admin)).body.msg).toBe(
      '部门名称不能为空！',
    );
    expect((await call(app, '/api/sys/depart/save', { parentId: 'nope', deptName: 'x' }, admin)).body.msg).toBe(
      '上级部门不存在！',
    );
    expect((await call(app, '/api/sys/depart/save', { parentId: 'd-root', deptName: 'x' }, learner)).status).toBe(403);
    expect(
      (await call(app, '/api/sys/depart/save', { id: 'nope', parentId: 'd-root', deptName: 'x' }, admin)).status,
    ).toBe(404);
    expect((await call(app, '/api/sys/depart/detail', { id: 'nope' }, admin)).status).toBe(404);
    expect((await call(app, '/api/sys/depart/delete', { ids: ['d-tech'] }, learner)).status).toBe(403);
  });

  it('refuses to delete a department with children or users, deletes an empty one', async () => {
    expect((await call(app, '/api/sys/depart/delete', { ids: ['d-root'] }, admin)).body.msg).toBe(
      '部门下还有子部门，请先删除子部门！',
    );
    expect((await call(app, '/api/sys/depart/delete', { ids: ['d-tech'] }, admin)).body.msg).toBe(
      '部门下还有用户，请先移走用户！',
    );
    const e = await call(app, '/api/sys/depart/save', { parentId: 'd-root', deptName: '临时部' }, admin);
    expect((await call(app, '/api/sys/depart/delete', { ids: [e.body.data.id] }, admin)).status).toBe(200);
    expect((await call(app, '/api/sys/depart/delete', { ids: [e.body.data.id] }, admin)).status).toBe(404);
  });

  it('moves a department up and down among its siblings', async () => {
    await call(app, '/api/sys/depart/sort', { id: 'd-market', sort: 0 }, admin);
    let kids = (await call(app, '/api/sys/depart/tree', {}, admin)).body.data[0].children.map(
      (d: { id: string }) => d.id,
    );
    expect(kids.slice(0, 2)).toEqual(['d-market', 'd-tech']);
    await call(app, '/api/sys/depart/sort', { id: 'd-market', sort: 1 }, admin);
    kids = (await call(app, '/api/sys/depart/tree', {}, admin)).body.data[0].children.map((d: { id: string }) => d.id);
    expect(kids.slice(0, 2)).toEqual(['d-tech', 'd-market']);
    expect((await call(app, '/api/sys/depart/sort', { id: 'd-market', sort: 5 }, admin)).status).toBe(400);
    expect((await call(app, '/api/sys/depart/sort', { id: 'nope', sort: 0 }, admin)).status).toBe(404);
  });
});
