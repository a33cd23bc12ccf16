import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { call, createTestApp, signIn } from '@exam/server-kit/testing';
import type { FastifyInstance } from 'fastify';
import { seed, systemService } from '../index';

let app: FastifyInstance;
let admin: string;
let learner: string;
beforeAll(async () => {
  app = await createTestApp({ services: [systemService], seeds: [seed] });
  admin = await signIn(app, 'admin', 'Admin@2026');
  learner = await signIn(app, 'learner', 'Learner@2026');
}, 60_000); // migrations, seed and argon2 sign-ins on a busy 2-core machine
afterAll(() => app.close());

const save = (body: object, token = admin) => call(app, '/api/sys/notice/save', body, token);

describe('notices', () => {
  it('saves sanitized content; learners read published notices in the list and the detail', async () => {
    const r = await save({
      title: ' 停电通知 ',
      content: '<p onclick="x()">周六停电<img src="javascript:alert(1)"><script>alert(1)</script></p>',
    });
    expect(r.status).toBe(200);
    const id = r.body.data.id;
    const detail = await call(app, '/api/sys/notice/detail', { id }, learner);
    expect(detail.body.data).toMatchObject({ id, title: '停电通知', content: '<p>周六停电<img /></p>', state: 0 });
    expect(detail.body.data.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const page = await call(
      app,
      '/api/sys/notice/paging',
      { current: 1, size: 4, params: { state: 0, title: '停电' } },
      learner,
    );
    expect(page.body.data).toMatchObject({ total: 1, records: [{ id, title: '停电通知' }] });
  });

  it('edits, disables and hides a disabled notice from learners (list and detail)', async () => {
    const id = (await save({ title: '草稿', content: '<p>内容</p>' })).body.data.id;
    expect((await save({ id, title: '草稿二', content: '<p>新内容</p>' })).status).toBe(200);
    expect((await call(app, '/api/sys/notice/state', { ids: [id], state: 1 }, admin)).status).toBe(200);
    expect((await call(app, '/api/sys/notice/detail', { id }, learner)).status).toBe(404);
    expect((await call(app, '/api/sys/notice/detail', { id }, admin)).body.data).toMatchObject({
      title: '草稿二',
      state: 1,
    });
    // A learner asking for disabled notices still gets published ones only.
    const mine = await call(app, '/api/sys/notice/paging', { params: { state: 1 } }, learner);
    expect(mine.body.data.records.every((n: { state: number }) => n.state === 0)).toBe(true);
    const all = await call(app, '/api/sys/notice/paging', { params: { state: 1 } }, admin);
    expect(all.body.data.records.map((n: { id: string }) => n.id)).toContain(id);
  });

  it('deletes by ids', async () => {
    const id = (await save({ title: '待删除', content: '<p>x</p>' })).body.data.id;
    expect((await call(app, '/api/sys/notice/delete', { ids: [id] }, admin)).status).toBe(200);
    expect((await call(app, '/api/sys/notice/detail', { id }, admin)).status).toBe(404);
  });

  it('refuses empty title or content, unknown ids and bad types', async () => {
    expect((await save({ title: ' ', content: '<p>x</p>' })).body.msg).toBe('公告标题不能为空！');
    expect((await save({ title: 't', content: '<script>x</script>' })).body.msg).toBe('公告内容不能为空！');
    expect((await save({ id: 'nope', title: 't', content: '<p>x</p>' })).status).toBe(404);
    expect((await save({ title: 1, content: '' })).status).toBe(400);
    expect((await call(app, '/api/sys/notice/state', { ids: [], state: 0 }, admin)).status).toBe(400);
    expect((await call(app, '/api/sys/notice/state', { ids: ['a'], state: 3 }, admin)).status).toBe(400);
  });

  it('is managed by notice managers only', async () => {
    const id = (await save({ title: '管理员', content: '<p>x</p>' })).body.data.id;
    expect((await save({ title: 'x', content: '<p>x</p>' }, learner)).status).toBe(403);
    expect((await call(app, '/api/sys/notice/delete', { ids: [id] }, learner)).status).toBe(403);
    expect((await call(app, '/api/sys/notice/state', { ids: [id], state: 1 }, learner)).status).toBe(403);
    expect((await call(app, '/api/sys/notice/paging', {})).status).toBe(401);
    expect((await call(app, '/api/sys/notice/detail', { id })).status).toBe(401);
  });
});
