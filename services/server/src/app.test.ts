import { schema } from '@exam/server-kit';
import { call, createTestApp, signIn } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type { FastifyInstance } from 'fastify';
import { ALL_SEEDS, ALL_SERVICES } from './app';

let app: FastifyInstance;
let admin: string;
let learner: string;
beforeAll(async () => {
  app = await createTestApp({ services: ALL_SERVICES, seeds: ALL_SEEDS });
  admin = await signIn(app, 'admin', 'Admin@2026');
  learner = await signIn(app, 'learner', 'Learner@2026');
});
afterAll(() => app.close());

type Node = {
  path: string;
  name: string;
  component: string;
  hidden: boolean;
  children?: Node[];
  meta: { title: string };
};
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

describe('menu routes', () => {
  it('gives the admin the whole admin tree, without function entries', async () => {
    const r = await call(app, '/api/sys/menu/routes', { terminal: 'admin' }, admin);
    const nodes = flat(r.body.data);
    expect(r.body.data.map((n: Node) => n.meta.title)).toEqual([
      '首页',
      '考试管理',
      '题库管理',
      '课程管理',
      '证书管理',
      '答题竞赛',
      '订单管理',
      '系统管理',
    ]);
    expect(nodes.map((n) => n.name)).toEqual(
      expect.arrayContaining([
        'Dashboard',
        'SysUser',
        'ExamList',
        'RepoList',
        'QuList',
        'CourseList',
        'CourseFileList',
        'CertTmplList',
        'CertGrantList',
        'BattleList',
        'OrderList',
        'ReviewPaperDetail',
      ]),
    );
    expect(nodes.every((n) => n.meta.title !== '新增')).toBe(true);
    expect(r.body.data[0]).toMatchObject({ path: '/dashboard', component: 'Layout', alwaysShow: true });
  });

  it('gives a learner no admin routes and the web menu', async () => {
    expect((await call(app, '/api/sys/menu/routes', { terminal: 'admin' }, learner)).body.data).toEqual([]);
    const web = (await call(app, '/api/sys/menu/routes', { terminal: 'web' }, learner)).body.data as Node[];
    expect(web[0].component).toBe('WebLayout');
    expect(web[0].children!.filter((c) => !c.hidden).map((c) => c.meta.title)).toEqual([
      '课程学习',
      '在线考试',
      '题库训练',
      '答题竞赛',
      '通知公告',
      '个人中心',
    ]);
  });

  it('drops entries of a module that is switched off', async () => {
    const [cfg] = await app.db.select().from(schema.sysConfig);
    await app.db.update(schema.sysConfig).set({ props: { ...cfg.props, moduleCourse: false } });
    const web = (await call(app, '/api/sys/menu/routes', { terminal: 'web' }, learner)).body.data as Node[];
    expect(web[0].children!.filter((c) => !c.hidden).map((c) => c.name)).toEqual([
      'ExamOnline',
      'MyRepoList',
      'BattleHome',
      'NoticeList',
      'UserCenter',
    ]);
    const adminTree = (await call(app, '/api/sys/menu/routes', {}, admin)).body.data as Node[];
    expect(adminTree.map((n) => n.meta.title)).not.toContain('课程管理');
    await app.db.update(schema.sysConfig).set({ props: cfg.props });
  });

  it('refuses an unknown terminal', async () => {
    expect((await call(app, '/api/sys/menu/routes', { terminal: 'mobile' }, admin)).status).toBe(400);
  });
});

describe('site data', () => {
  it('gives visitors the public subset only', async () => {
    const r = await call(app, '/api/sys/config/detail', { id: 1 });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      siteName: '云帆培训考试系统',
      props: { moduleCourse: true, moduleExam: true },
    });
    expect(r.body.data).not.toHaveProperty('tmpDir');
    expect(r.body.data).not.toHaveProperty('h5Host');
    expect((await call(app, '/api/sys/config/detail', { id: '1' }, learner)).body.data).not.toHaveProperty('tmpDir');
  });

  it('gives site configurators the whole record', async () => {
    const r = await call(app, '/api/sys/config/detail', { id: '1' }, admin);
    expect(r.body.data).toMatchObject({ tmpDir: '/tmp/', h5Host: '/h5/', uploadType: 'local' });
  });
});

describe('permissions on every list', () => {
  const adminLists = [
    '/api/sys/user/paging',
    '/api/repo/paging',
    '/api/exam/exam/paging',
    '/api/course/course/paging',
    '/api/stat/total/num/all',
  ];

  it.each(adminLists)('%s: admin gets data, learner gets 403, visitor 401', async (url) => {
    const ok = await call(app, url, { current: 1, size: 10 }, admin);
    expect(ok.status).toBe(200);
    expect(ok.body.success).toBe(true);
    expect(await call(app, url, { current: 1, size: 10 }, learner)).toMatchObject({
      status: 403,
      body: { code: 10010003, success: false },
    });
    expect((await call(app, url, {})).status).toBe(401);
  });

  it.each([
    '/api/client/repo/open-paging',
    '/api/client/exam/open-paging',
    '/api/client/course/open-paging',
    '/api/sys/notice/paging',
  ])('%s: a learner gets the seeded records', async (url) => {
    const r = await call(app, url, { current: 1, size: 10, params: {} }, learner);
    expect(r.status).toBe(200);
    expect(r.body.data.total).toBeGreaterThan(0);
    expect(r.body.data.records.length).toBe(r.body.data.total);
  });

  it('caps page sizes at 5000 and rejects nonsense paging', async () => {
    expect((await call(app, '/api/sys/user/paging', { current: 1, size: 5001 }, admin)).status).toBe(400);
    expect((await call(app, '/api/sys/user/paging', { current: 0, size: 10 }, admin)).status).toBe(400);
    expect(
      (
        await call(
          app,
          '/api/sys/user/paging',
          { current: 1, size: 10, orders: [{ column: 'password; drop table', asc: true }] },
          admin,
        )
      ).status,
    ).toBe(200);
  });
});

describe('lists', () => {
  it('user paging filters by name, department, state and role, and never returns passwords', async () => {
    const all = (await call(app, '/api/sys/user/paging', { current: 1, size: 20 }, admin)).body.data;
    expect(all.total).toBe(3);
    expect(JSON.stringify(all)).not.toContain('argon2');
    expect(all.records.find((u: { userName: string }) => u.userName === 'learner')).toMatchObject({
      realName: '张小明',
      deptCode_dictText: '技术部',
      roleNames: '学员',
      state: 0,
    });
    const byName = (
      await call(app, '/api/sys/user/paging', { current: 1, size: 20, params: { userName: 'LEARN' } }, admin)
    ).body.data;
    expect(byName.records.map((u: { userName: string }) => u.userName).sort()).toEqual(['learner', 'learner2']);
    const byDept = (await call(app, '/api/sys/user/paging', { params: { deptCode: 'A01A02' } }, admin)).body.data;
    expect(byDept.records.map((u: { userName: string }) => u.userName)).toEqual(['learner2']);
    const byRole = (await call(app, '/api/sys/user/paging', { params: { roleIds: ['sa'] } }, admin)).body.data;
    expect(byRole.records.map((u: { userName: string }) => u.userName)).toEqual(['admin']);
    const admins = (await call(app, '/api/sys/user/paging', { params: { userType: 2 } }, admin)).body.data;
    expect(admins.total).toBe(1);
    const like = (await call(app, '/api/sys/user/paging', { params: { userName: '%' } }, admin)).body.data;
    expect(like.total).toBe(0);
    const page2 = (await call(app, '/api/sys/user/paging', { current: 2, size: 2 }, admin)).body.data;
    expect(page2).toMatchObject({ current: 2, size: 2, total: 3, pages: 2 });
    expect(page2.records).toHaveLength(1);
  });

  it('dashboard totals count what exists', async () => {
    const r = (await call(app, '/api/stat/total/num/all', {}, admin)).body.data;
    // The demo exam and the priced one (issue 40).
    expect(r).toMatchObject({ userCount: 3, repoCount: 2, examCount: 2, courseCount: 1 });
  });

  it("unread count is the signed-in user's own", async () => {
    const count = async (t: string) => (await call(app, '/api/sys/user/msg/count-unread', {}, t)).body.data as number;
    const [mine, admins] = [await count(learner), await count(admin)];
    await app.db.insert(schema.sysUserMsg).values([
      { id: 'msg-1', userId: 'u-learner', title: '考试提醒' },
      { id: 'msg-2', userId: 'u-learner', title: '已读', readFlag: true },
      { id: 'msg-3', userId: 'u-learner2', title: '他人的' },
    ]);
    expect(await count(learner)).toBe(mine + 1);
    expect((await call(app, '/api/sys/user/info', {}, learner)).body.data.unreadMsg).toBe(mine + 1);
    expect(await count(admin)).toBe(admins);
  });

  it('learners see published notices only, whatever they ask', async () => {
    await app.db.insert(schema.sysNotice).values({ id: 'n-hidden', title: '草稿公告', state: 1 });
    const asLearner = (await call(app, '/api/sys/notice/paging', { params: { state: 1 } }, learner)).body.data;
    expect(asLearner.records.map((n: { id: string }) => n.id)).not.toContain('n-hidden');
    const asAdmin = (await call(app, '/api/sys/notice/paging', { params: { state: 1 } }, admin)).body.data;
    expect(asAdmin.records.map((n: { id: string }) => n.id)).toEqual(['n-hidden']);
  });
});
