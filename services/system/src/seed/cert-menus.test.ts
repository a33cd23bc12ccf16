import { CERT_TAGS, type RouteNode } from '@exam/contracts';
import { schema } from '@exam/server-kit';
import { call } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { inArray, like, or } from 'drizzle-orm';
import { type MenuTestApp, menuTestApp, namesOf } from '../testing/helpers';
import { syncMenus } from './sync';

let t: MenuTestApp;
beforeAll(async () => {
  t = await menuTestApp();
}, 120_000);
afterAll(() => t.app.close());

describe('certificate menus', () => {
  it("the admin's role holds every certificate tag; the menus show only while moduleCert is on", async () => {
    const perms = (await call(t.app, '/api/sys/user/info', {}, t.admin)).body.data.permissions as string[];
    expect(CERT_TAGS.filter((t) => !perms.includes(t))).toEqual([]);

    // On for a new installation (the module is built): the admin's and the learner's entries are offered.
    expect(await t.routeNames(t.admin, 'admin')).toEqual(expect.arrayContaining(['CertTmplList', 'CertGrantList']));
    expect(await t.routeNames(t.learner, 'web')).toContain('UcCert');
    expect((await call(t.app, '/api/sys/config/detail', {}, t.learner)).body.data.props.moduleCert).toBe(true);

    expect((await t.switchModule('moduleCert', false)).status).toBe(200);
    expect(await t.routeNames(t.admin, 'admin')).not.toContain('CertGrantList');
    expect(await t.routeNames(t.learner, 'web')).not.toContain('UcCert');
    expect((await t.switchModule('moduleCert', true)).status).toBe(200);
  });

  it('a switched-off module offers nothing under it, not even an entry without a module of its own', async () => {
    const { sysMenu } = schema;
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

  it('reach a database seeded before them, granted to the super admin and, for 我的证书, to learners', async () => {
    const { sysMenu, sysRoleMenu } = schema;
    const certMenus = or(like(sysMenu.id, 'm-cert%'), like(sysMenu.id, 'f-cert%'), inArray(sysMenu.id, ['w-uc-cert']));
    const ids = (await t.app.db.select({ id: sysMenu.id }).from(sysMenu).where(certMenus)).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(15);
    await t.app.db.delete(sysMenu).where(certMenus);
    await t.app.db.transaction((tx) => syncMenus(tx));
    const grants = await t.app.db.select().from(sysRoleMenu).where(inArray(sysRoleMenu.menuId, ids));
    const of = (roleId: string) =>
      grants
        .filter((g) => g.roleId === roleId)
        .map((g) => g.menuId)
        .sort();
    expect(of('sa')).toEqual([...ids].sort());
    expect(of('student')).toEqual(['w-uc-cert']);
    expect(of('teacher')).toEqual(['w-uc-cert']);
  });
});
