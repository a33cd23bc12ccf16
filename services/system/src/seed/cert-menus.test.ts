import { CERT_TAGS, type RouteNode } from '@exam/contracts';
import { schema } from '@exam/server-kit';
import { call, createTestApp, signIn } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { inArray, like, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { seed, systemService } from '../index';
import { syncMenus } from './sync';

let app: FastifyInstance;
let admin: string;
let learner: string;
beforeAll(async () => {
  app = await createTestApp({ services: [systemService], seeds: [seed] });
  [admin, learner] = await Promise.all([signIn(app, 'admin', 'Admin@2026'), signIn(app, 'learner', 'Learner@2026')]);
}, 120_000);
afterAll(() => app.close());

const names = (nodes: RouteNode[]): string[] => nodes.flatMap((n) => [n.name, ...names(n.children ?? [])]);
const routeNames = async (token: string, terminal: 'admin' | 'web') =>
  names((await call(app, '/api/sys/menu/routes', { terminal }, token)).body.data);
const switchCert = async (moduleCert: boolean) => {
  const detail = (await call(app, '/api/sys/config/switch/detail', {}, admin)).body.data;
  return call(app, '/api/sys/config/switch/save', { ...detail, moduleCert }, admin);
};

describe('certificate menus', () => {
  it("the admin's role holds every certificate tag; the menus show only while moduleCert is on", async () => {
    const perms = (await call(app, '/api/sys/user/info', {}, admin)).body.data.permissions as string[];
    expect(CERT_TAGS.filter((t) => !perms.includes(t))).toEqual([]);

    // On for a new installation (the module is built): the admin's and the learner's entries are offered.
    expect(await routeNames(admin, 'admin')).toEqual(expect.arrayContaining(['CertTmplList', 'CertGrantList']));
    expect(await routeNames(learner, 'web')).toContain('UcCert');
    expect((await call(app, '/api/sys/config/detail', {}, learner)).body.data.props.moduleCert).toBe(true);

    expect((await switchCert(false)).status).toBe(200);
    expect(await routeNames(admin, 'admin')).not.toContain('CertGrantList');
    expect(await routeNames(learner, 'web')).not.toContain('UcCert');
    expect((await switchCert(true)).status).toBe(200);
  });

  it('a switched-off module offers nothing under it, not even an entry without a module of its own', async () => {
    const { sysMenu } = schema;
    const course = (await call(app, '/api/sys/menu/routes', { terminal: 'admin' }, admin)).body.data as RouteNode[];
    const courseTop = course.find((n) => names(n.children ?? []).includes('CourseList'));
    expect(courseTop).toBeTruthy();
    // The course list's own module cleared: it is still under the course menu, whose switch decides.
    await app.db
      .update(sysMenu)
      .set({ module: '' })
      .where(inArray(sysMenu.name, ['CourseList']));
    const detail = (await call(app, '/api/sys/config/switch/detail', {}, admin)).body.data;
    await call(app, '/api/sys/config/switch/save', { ...detail, moduleCourse: false }, admin);
    expect(await routeNames(admin, 'admin')).not.toContain('CourseList');
    await call(app, '/api/sys/config/switch/save', { ...detail, moduleCourse: true }, admin);
    expect(await routeNames(admin, 'admin')).toContain('CourseList');
  });

  it('reach a database seeded before them, granted to the super admin and, for 我的证书, to learners', async () => {
    const { sysMenu, sysRoleMenu } = schema;
    const certMenus = or(like(sysMenu.id, 'm-cert%'), like(sysMenu.id, 'f-cert%'), inArray(sysMenu.id, ['w-uc-cert']));
    const ids = (await app.db.select({ id: sysMenu.id }).from(sysMenu).where(certMenus)).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(15);
    await app.db.delete(sysMenu).where(certMenus);
    await app.db.transaction((tx) => syncMenus(tx));
    const grants = await app.db.select().from(sysRoleMenu).where(inArray(sysRoleMenu.menuId, ids));
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
