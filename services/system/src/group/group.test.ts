import { schema } from '@exam/server-kit';
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

describe('groups', () => {
  it('creates, lists, joins and removes members', async () => {
    const g = (await call(app, '/api/sys/group/save', { groupName: '新员工' }, admin)).body.data.id;
    expect((await call(app, '/api/sys/group/save', { id: g, groupName: '新员工组' }, admin)).status).toBe(200);
    expect(
      (
        await call(
          app,
          '/api/sys/group/user/batch-join',
          { userIds: ['u-learner', 'u-learner2'], groupIds: [g], flag: 1 },
          admin,
        )
      ).status,
    ).toBe(200);
    // Joining twice is harmless.
    expect(
      (await call(app, '/api/sys/group/user/batch-join', { userIds: ['u-learner'], groupIds: [g], flag: 1 }, admin))
        .status,
    ).toBe(200);
    const page = await call(app, '/api/sys/group/paging', { current: 1, size: 10, params: { title: '新员工' } }, admin);
    expect(page.body.data.records[0]).toMatchObject({ groupName: '新员工组', userCount: 2 });
    const members = await call(
      app,
      '/api/sys/group/user/paging',
      { current: 1, size: 10, params: { groupId: g, keyword: '小红' } },
      admin,
    );
    expect(members.body.data.records).toEqual([
      expect.objectContaining({ userName: 'learner2', realName: '李小红', deptName: '市场部', mobile: '13800000002' }),
    ]);
    // The user picker can leave out the group's members.
    const picker = await call(app, '/api/sys/user/paging', { params: { excludeGroups: [g] } }, admin);
    expect(picker.body.data.records.map((u: { id: string }) => u.id)).not.toContain('u-learner2');
    expect(
      (await call(app, '/api/sys/group/user/delete', { ids: [members.body.data.records[0].id] }, admin)).status,
    ).toBe(200);
    expect(
      (await call(app, '/api/sys/group/paging', { params: { title: '新员工' } }, admin)).body.data.records[0].userCount,
    ).toBe(1);
    expect((await call(app, '/api/sys/group/delete', { ids: [g] }, admin)).status).toBe(200);
  });

  it('narrows the user picker to the members of groups and the learners of courses', async () => {
    const g = (await call(app, '/api/sys/group/save', { groupName: '选择器组' }, admin)).body.data.id;
    await call(app, '/api/sys/group/user/batch-join', { userIds: ['u-learner2'], groupIds: [g], flag: 1 }, admin);
    await app.db.insert(schema.elCourse).values({ id: 'c-picker', title: '选择器课程' });
    // learner joined the course; learner2 once did and left it (the star toggled off): not a learner of it.
    await app.db.insert(schema.elCourseLearner).values([
      { courseId: 'c-picker', userId: 'u-learner', hasJoin: true },
      { courseId: 'c-picker', userId: 'u-learner2', hasJoin: false },
    ]);
    const ids = async (params: object) =>
      (await call(app, '/api/sys/user/paging', { params }, admin)).body.data.records.map((u: { id: string }) => u.id);
    expect(await ids({ groupIds: [g] })).toEqual(['u-learner2']);
    expect(await ids({ courseIds: ['c-picker'] })).toEqual(['u-learner']);
    expect(await ids({ groupIds: [g], courseIds: ['c-picker'] })).toEqual([]);
    expect(await ids({ groupIds: ['nope'] })).toEqual([]);
    expect((await call(app, '/api/sys/user/paging', { params: { groupIds: 'x' } }, admin)).status).toBe(400);
  });

  it('refuses bad input, unknown ids, learners and visitors', async () => {
    expect((await call(app, '/api/sys/group/save', { groupName: ' ' }, admin)).body.msg).toBe('用户组名称不能为空！');
    expect((await call(app, '/api/sys/group/save', { id: 'nope', groupName: 'x' }, admin)).status).toBe(404);
    expect((await call(app, '/api/sys/group/save', { groupName: 'x' }, learner)).status).toBe(403);
    expect((await call(app, '/api/sys/group/paging', {}, learner)).status).toBe(403);
    expect((await call(app, '/api/sys/group/paging', {})).status).toBe(401);
    expect(
      (await call(app, '/api/sys/group/user/batch-join', { userIds: [], groupIds: ['x'], flag: 1 }, admin)).status,
    ).toBe(400);
    expect(
      (
        await call(
          app,
          '/api/sys/group/user/batch-join',
          { userIds: ['u-learner'], groupIds: ['nope'], flag: 1 },
          admin,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await call(
          app,
          '/api/sys/group/user/batch-join',
          { userIds: ['u-learner'], groupIds: ['nope'], flag: 1 },
          learner,
        )
      ).status,
    ).toBe(403);
    expect((await call(app, '/api/sys/group/user/paging', { params: {} }, admin)).status).toBe(400);
    expect((await call(app, '/api/sys/group/delete', { ids: ['nope'] }, admin)).status).toBe(404);
  });
});
