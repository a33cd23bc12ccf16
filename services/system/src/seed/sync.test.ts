import { schema } from '@exam/server-kit';
import { createTestApp } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { seed } from './seed';
import { syncMenus } from './sync';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ services: [], seeds: [seed] });
});
afterAll(() => app.close());

describe('menu sync on start', () => {
  it('brings back a seeded menu a database lacks, granted to the roles it belongs to', async () => {
    const { sysMenu, sysRoleMenu } = schema;
    await app.db.delete(sysMenu).where(eq(sysMenu.id, 'w-notice'));
    await app.db.transaction((tx) => syncMenus(tx));
    const [row] = await app.db.select().from(sysMenu).where(eq(sysMenu.id, 'w-notice'));
    expect(row).toMatchObject({ terminal: 'web', component: 'system/NoticeList' });
    const grants = await app.db.select().from(sysRoleMenu).where(eq(sysRoleMenu.menuId, 'w-notice'));
    expect(grants.map((g) => g.roleId).sort()).toEqual(['sa', 'student', 'teacher']);
  });

  it('leaves grants an admin revoked alone, and skips deleted roles', async () => {
    const { sysRoleMenu, sysRole, sysMenu } = schema;
    await app.db.delete(sysRoleMenu).where(and(eq(sysRoleMenu.roleId, 'student'), eq(sysRoleMenu.menuId, 'w-repo')));
    await app.db.delete(sysRole).where(eq(sysRole.id, 'teacher'));
    await app.db.delete(sysMenu).where(eq(sysMenu.id, 'w-course'));
    await app.db.transaction((tx) => syncMenus(tx));
    const repo = await app.db
      .select()
      .from(sysRoleMenu)
      .where(and(eq(sysRoleMenu.roleId, 'student'), eq(sysRoleMenu.menuId, 'w-repo')));
    expect(repo).toHaveLength(0);
    const course = await app.db.select().from(sysRoleMenu).where(eq(sysRoleMenu.menuId, 'w-course'));
    expect(course.map((g) => g.roleId).sort()).toEqual(['sa', 'student']);
  });
});
