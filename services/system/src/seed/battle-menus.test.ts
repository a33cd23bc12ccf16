import { BATTLE_TAGS, type RouteNode } from '@exam/contracts';
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
const switchBattle = async (moduleBattle: boolean) => {
  const detail = (await call(app, '/api/sys/config/switch/detail', {}, admin)).body.data;
  return call(app, '/api/sys/config/switch/save', { ...detail, moduleBattle }, admin);
};

describe('battle menus', () => {
  it("the admin's role holds every battle tag; the menus show only while moduleBattle is on", async () => {
    const perms = (await call(app, '/api/sys/user/info', {}, admin)).body.data.permissions as string[];
    expect(BATTLE_TAGS.filter((t) => !perms.includes(t))).toEqual([]);

    // On for a new installation: the admin's list and results, the learner's 答题竞赛 and its play screen.
    expect(await routeNames(admin, 'admin')).toEqual(expect.arrayContaining(['BattleList', 'BattleResult']));
    expect(await routeNames(learner, 'web')).toEqual(expect.arrayContaining(['BattleHome', 'BattlePlay']));
    expect((await call(app, '/api/sys/config/detail', {}, learner)).body.data.props.moduleBattle).toBe(true);

    expect((await switchBattle(false)).status).toBe(200);
    expect(await routeNames(admin, 'admin')).not.toContain('BattleList');
    expect(await routeNames(learner, 'web')).not.toContain('BattleHome');
    expect((await switchBattle(true)).status).toBe(200);
    expect(await routeNames(learner, 'web')).toContain('BattleHome');
  });

  it('reach a database seeded before them: all to the super admin, the admin side to teachers, the web to learners', async () => {
    const { sysMenu, sysRoleMenu } = schema;
    const battleMenus = or(like(sysMenu.id, 'm-battle%'), like(sysMenu.id, 'f-battle%'), like(sysMenu.id, 'w-battle%'));
    const ids = (await app.db.select({ id: sysMenu.id }).from(sysMenu).where(battleMenus)).map((r) => r.id);
    expect(ids.length).toBe(14);
    await app.db.delete(sysMenu).where(battleMenus);
    await app.db.transaction((tx) => syncMenus(tx));
    const grants = await app.db.select().from(sysRoleMenu).where(inArray(sysRoleMenu.menuId, ids));
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
