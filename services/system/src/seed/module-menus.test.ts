import { BATTLE_TAGS, CERT_TAGS, type RouteNode } from '@exam/contracts';
import { schema } from '@exam/server-kit';
import { call } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { inArray, like, or, type SQL } from 'drizzle-orm';
import { type MenuTestApp, menuTestApp, namesOf } from '../testing/helpers';
import { syncMenus } from './sync';

let t: MenuTestApp;
beforeAll(async () => {
  t = await menuTestApp();
}, 120_000);
afterAll(() => t.app.close());

const { sysMenu, sysRoleMenu } = schema;
const ALL = 'all';

/** The modules behind a site switch: their tags, the routes they offer each shell, their menu rows and who gets them. */
const MODULES: {
  name: string;
  switch: 'moduleCert' | 'moduleBattle';
  tags: readonly string[];
  admin: string[];
  web: string[];
  menus: SQL | undefined;
  count: number;
  teacher: string[] | typeof ALL;
  student: string[];
}[] = [
  {
    name: 'certificate',
    switch: 'moduleCert',
    tags: CERT_TAGS,
    admin: ['CertTmplList', 'CertGrantList'],
    web: ['UcCert'],
    menus: or(like(sysMenu.id, 'm-cert%'), like(sysMenu.id, 'f-cert%'), inArray(sysMenu.id, ['w-uc-cert'])),
    count: 16,
    teacher: ['w-uc-cert'],
    student: ['w-uc-cert'],
  },
  {
    name: 'battle',
    switch: 'moduleBattle',
    tags: BATTLE_TAGS,
    admin: ['BattleList', 'BattleResult'],
    web: ['BattleHome', 'BattlePlay'],
    menus: or(like(sysMenu.id, 'm-battle%'), like(sysMenu.id, 'f-battle%'), like(sysMenu.id, 'w-battle%')),
    count: 14,
    teacher: ALL,
    student: ['w-battle', 'w-battle-join', 'w-battle-play'],
  },
];

for (const m of MODULES)
  describe(`${m.name} menus`, () => {
    it(`the admin's role holds every ${m.name} tag; the menus show only while ${m.switch} is on`, async () => {
      const perms = (await call(t.app, '/api/sys/user/info', {}, t.admin)).body.data.permissions as string[];
      expect(m.tags.filter((tag) => !perms.includes(tag))).toEqual([]);
      // On for a new installation (the module is built): the admin's and the learner's entries are offered.
      expect(await t.routeNames(t.admin, 'admin')).toEqual(expect.arrayContaining(m.admin));
      expect(await t.routeNames(t.learner, 'web')).toEqual(expect.arrayContaining(m.web));
      expect((await call(t.app, '/api/sys/config/detail', {}, t.learner)).body.data.props[m.switch]).toBe(true);

      expect((await t.switchModule(m.switch, false)).status).toBe(200);
      expect(await t.routeNames(t.admin, 'admin')).not.toContain(m.admin[0]);
      expect(await t.routeNames(t.learner, 'web')).not.toContain(m.web[0]);
      expect((await t.switchModule(m.switch, true)).status).toBe(200);
      expect(await t.routeNames(t.learner, 'web')).toContain(m.web[0]);
    });

    it('reach a database seeded before them: granted to the super admin, teachers and learners as seeded', async () => {
      const ids = (await t.app.db.select({ id: sysMenu.id }).from(sysMenu).where(m.menus)).map((r) => r.id);
      expect(ids.length).toBeGreaterThanOrEqual(m.count);
      await t.app.db.delete(sysMenu).where(m.menus);
      await t.app.db.transaction((tx) => syncMenus(tx));
      const grants = await t.app.db.select().from(sysRoleMenu).where(inArray(sysRoleMenu.menuId, ids));
      const of = (roleId: string) =>
        grants
          .filter((g) => g.roleId === roleId)
          .map((g) => g.menuId)
          .sort();
      expect(of('sa')).toEqual([...ids].sort());
      expect(of('teacher')).toEqual(m.teacher === ALL ? [...ids].sort() : m.teacher);
      expect(of('student')).toEqual(m.student);
    });
  });

it('a switched-off module offers nothing under it, not even an entry without a module of its own', async () => {
  const course = (await call(t.app, '/api/sys/menu/routes', { terminal: 'admin' }, t.admin)).body.data as RouteNode[];
  const courseTop = course.find((n) => namesOf(n.children ?? []).includes('CourseList'));
  expect(courseTop).toBeTruthy();
  // The course list's own module cleared: it is still under the course menu, whose switch decides.
  await t.app.db
    .update(sysMenu)
    .set({ module: '' })
    .where(inArray(sysMenu.name, ['CourseList']));
  const detail = (await call(t.app, '/api/sys/config/switch/detail', {}, t.admin)).body.data;
  await call(t.app, '/api/sys/config/switch/save', { ...detail, moduleCourse: false }, t.admin);
  expect(await t.routeNames(t.admin, 'admin')).not.toContain('CourseList');
  await call(t.app, '/api/sys/config/switch/save', { ...detail, moduleCourse: true }, t.admin);
  expect(await t.routeNames(t.admin, 'admin')).toContain('CourseList');
});
