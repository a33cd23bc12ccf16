import { ORDER_TAGS, type RouteNode } from '@exam/contracts';
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

describe('order menus', () => {
  it("the admin's role holds every order tag and is offered 订单管理; a learner is not", async () => {
    const perms = (await call(app, '/api/sys/user/info', {}, admin)).body.data.permissions as string[];
    expect(ORDER_TAGS.filter((t) => !perms.includes(t))).toEqual([]);
    expect(await routeNames(admin, 'admin')).toContain('OrderList');
    const learnerPerms = (await call(app, '/api/sys/user/info', {}, learner)).body.data.permissions as string[];
    expect(ORDER_TAGS.filter((t) => learnerPerms.includes(t))).toEqual([]);
  });

  it('reach a database seeded before them, granted to the super admin only (money is not a teacher’s)', async () => {
    const { sysMenu, sysRoleMenu } = schema;
    const orderMenus = or(like(sysMenu.id, 'm-order%'), like(sysMenu.id, 'f-order%'));
    const rows = await app.db.select().from(sysMenu).where(orderMenus);
    expect(
      rows
        .map((r) => r.permissionTag)
        .filter(Boolean)
        .sort(),
    ).toEqual([...ORDER_TAGS].sort());
    expect(rows.find((r) => r.name === 'OrderList')).toMatchObject({
      component: 'system/OrderList',
      parentId: 'm-order',
    });
    const ids = rows.map((r) => r.id);
    await app.db.delete(sysMenu).where(orderMenus);
    await app.db.transaction((tx) => syncMenus(tx));
    const grants = await app.db.select().from(sysRoleMenu).where(inArray(sysRoleMenu.menuId, ids));
    expect(
      grants
        .filter((g) => g.roleId === 'sa')
        .map((g) => g.menuId)
        .sort(),
    ).toEqual([...ids].sort());
    expect(grants.filter((g) => g.roleId !== 'sa')).toEqual([]);
    expect(await routeNames(admin, 'admin')).toContain('OrderList');
  });
});
