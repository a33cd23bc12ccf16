import { ORDER_TAGS } from '@exam/contracts';
import { schema } from '@exam/server-kit';
import { call } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { inArray, like, or } from 'drizzle-orm';
import { type MenuTestApp, menuTestApp } from '../testing/helpers';
import { syncMenus } from './sync';

let t: MenuTestApp;
beforeAll(async () => {
  t = await menuTestApp();
}, 120_000);
afterAll(() => t.app.close());

describe('order menus', () => {
  it("the admin's role holds every order tag and is offered 订单管理; a learner is not", async () => {
    const perms = (await call(t.app, '/api/sys/user/info', {}, t.admin)).body.data.permissions as string[];
    expect(ORDER_TAGS.filter((t) => !perms.includes(t))).toEqual([]);
    expect(await t.routeNames(t.admin, 'admin')).toContain('OrderList');
    const learnerPerms = (await call(t.app, '/api/sys/user/info', {}, t.learner)).body.data.permissions as string[];
    expect(ORDER_TAGS.filter((t) => learnerPerms.includes(t))).toEqual([]);
  });

  it('reach a database seeded before them, granted to the super admin only (money is not a teacher’s)', async () => {
    const { sysMenu, sysRoleMenu } = schema;
    const orderMenus = or(like(sysMenu.id, 'm-order%'), like(sysMenu.id, 'f-order%'));
    const rows = await t.app.db.select().from(sysMenu).where(orderMenus);
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
    await t.app.db.delete(sysMenu).where(orderMenus);
    await t.app.db.transaction((tx) => syncMenus(tx));
    const grants = await t.app.db.select().from(sysRoleMenu).where(inArray(sysRoleMenu.menuId, ids));
    expect(
      grants
        .filter((g) => g.roleId === 'sa')
        .map((g) => g.menuId)
        .sort(),
    ).toEqual([...ids].sort());
    expect(grants.filter((g) => g.roleId !== 'sa')).toEqual([]);
    expect(await t.routeNames(t.admin, 'admin')).toContain('OrderList');
  });
});
