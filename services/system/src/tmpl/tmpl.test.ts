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

describe('message templates', () => {
  it('saves, pages by title and reads the detail', async () => {
    const r = await call(
      app,
      '/api/notify/tmpl/save',
      { title: '考试提醒', code: 'exam_remind', content: '您的考试${title}即将开始' },
      admin,
    );
    expect(r.status).toBe(200);
    const id = r.body.data.id;
    await call(
      app,
      '/api/notify/tmpl/save',
      { id, title: '考试提醒（新）', content: '考试${title}将于${time}开始' },
      admin,
    );
    expect((await call(app, '/api/notify/tmpl/detail', { id }, admin)).body.data).toMatchObject({
      id,
      title: '考试提醒（新）',
      code: '',
      content: '考试${title}将于${time}开始',
    });
    const page = await call(
      app,
      '/api/notify/tmpl/paging',
      { current: 1, size: 100, params: { title: '提醒' } },
      admin,
    );
    expect(page.body.data).toMatchObject({ total: 1, records: [{ id }] });
  });

  it('refuses bad input, unknown ids, visitors and learners', async () => {
    expect((await call(app, '/api/notify/tmpl/save', { title: ' ', content: 'x' }, admin)).body.msg).toBe(
      '模板标题不能为空！',
    );
    expect((await call(app, '/api/notify/tmpl/save', { title: 't', content: ' ' }, admin)).body.msg).toBe(
      '模板内容不能为空！',
    );
    expect((await call(app, '/api/notify/tmpl/save', { title: 't' }, admin)).status).toBe(400);
    expect((await call(app, '/api/notify/tmpl/save', { id: 'nope', title: 't', content: 'x' }, admin)).status).toBe(
      404,
    );
    expect((await call(app, '/api/notify/tmpl/detail', { id: 'nope' }, admin)).status).toBe(404);
    expect((await call(app, '/api/notify/tmpl/paging', {}, learner)).status).toBe(403);
    expect((await call(app, '/api/notify/tmpl/paging', {})).status).toBe(401);
  });
});
