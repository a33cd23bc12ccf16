import { BATTLE_TAGS } from '@exam/contracts';
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

describe('battle menus', () => {
  it("the admin's role holds every battle tag; the menus show only while moduleBattle is on", async () => {
    const perms = (await call(t.app, '/api/sys/user/info', {}, t.admin)).body.data.permissions as string[];
    expect(BATTLE_TAGS.filter((t) => !perms.includes(t))).toEqual([]);

    // On for a new installation: the admin's list and results, the learner's 答题竞赛 and its play screen.
    expect(await t.routeNames(t.admin, 'admin')).toEqual(expect.arrayContaining(['BattleList', 'BattleResult']));
    expect(await t.routeNames(t.learner, 'web')).toEqual(expect.arrayContaining(['BattleHome', 'BattlePlay']));
    expect((await call(t.app, '/api/sys/config/detail', {}, t.learner)).body.data.props.moduleBattle).toBe(true);

    expect((await t.switchModule('moduleBattle', false)).status).toBe(200);
    expect(await t.routeNames(t.admin, 'admin')).not.toContain('BattleList');
    expect(await t.routeNames(t.learner, 'web')).not.toContain('BattleHome');
    expect((await t.switchModule('moduleBattle', true)).status).toBe(200);
    expect(await t.routeNames(t.learner, 'web')).toContain('BattleHome');
  });

  it('reach a database seeded before them: all to the super t.admin, the admin side to teachers, the web to learners', async () => {
    const { sysMenu, sysRoleMenu } = schema;
    const battleMenus = or(like(sysMenu.id, 'm-battle%'), like(sysMenu.id, 'f-battle%'), like(sysMenu.id, 'w-battle%'));
    const ids = (await t.app.db.select({ id: sysMenu.id }).from(sysMenu).where(battleMenus)).map((r) => r.id);
    expect(ids.length).toBe(14);
    await t.app.db.delete(sysMenu).where(battleMenus);
    await t.app.db.transaction((tx) => syncMenus(tx));
    const grants = await t.app.db.select().from(sysRoleMenu).where(inArray(sysRoleMenu.menuId, ids));
    const of = (roleId: string) =>
      grants
        .filter((g) => g.roleId === roleId)
        .map((g) => g.menuId)
        .sort();
    expect(of('sa')).toEqual([...ids].sort());
    expect(of('teacher')).toEqual([...ids].sort());
    expect(of('student')).toEqual(['w-battle', 'w-battle-join', 'w-battle-play']);
  });
});
