import { MenuType } from '@exam/contracts';
import { type Tx, schema } from '@exam/server-kit';
import { DICTS } from './dicts';
import { ADMIN_MENUS, type MenuSeed, TEACHER_ROOTS, WEB_MENUS } from './menus';

const { sysDic, sysDicValue, sysMenu, sysRole, sysRoleMenu } = schema;

function flatten(seeds: MenuSeed[], terminal: 'admin' | 'web', parentId = '0'): (typeof sysMenu.$inferInsert)[] {
  return seeds.flatMap((m, i) => [
    {
      id: m.id,
      parentId,
      terminal,
      menuType: m.type ?? MenuType.MENU,
      metaTitle: m.title,
      name: m.name ?? '',
      path: m.path ?? '',
      component: m.component ?? '',
      redirect: m.redirect ?? '',
      permissionTag: m.tag ?? '',
      metaIcon: m.icon ?? '',
      module: m.module ?? '',
      hidden: m.hidden ?? false,
      affix: m.affix ?? false,
      sort: i + 1,
    },
    ...flatten(m.children ?? [], terminal, m.id),
  ]);
}

const collect = (seeds: MenuSeed[]): string[] => seeds.flatMap((m) => [m.id, ...collect(m.children ?? [])]);

/**
 * Adds the seeded menus a database lacks and grants only those new rows (admins: all; teachers: their
 * areas and the web menu; learners: the web menu). Existing rows and grants are left as admins set them.
 */
export async function syncMenus(tx: Tx) {
  const admin = flatten(ADMIN_MENUS, 'admin');
  const web = flatten(WEB_MENUS, 'web');
  const added = new Set(
    (
      await tx
        .insert(sysMenu)
        .values([...admin, ...web])
        .onConflictDoNothing()
        .returning({ id: sysMenu.id })
    ).map((r) => r.id),
  );
  if (!added.size) return;
  const teacher = new Set([
    ...collect(ADMIN_MENUS.filter((m) => TEACHER_ROOTS.includes(m.id))),
    ...web.map((m) => m.id),
  ]);
  const webIds = new Set(web.map((m) => m.id));
  // Seeded roles an admin has deleted get nothing.
  const roles = new Set((await tx.select({ id: sysRole.id }).from(sysRole)).map((r) => r.id));
  const grants = [...added]
    .flatMap((menuId) => [
      { roleId: 'sa', menuId },
      ...(teacher.has(menuId) ? [{ roleId: 'teacher', menuId }] : []),
      ...(webIds.has(menuId) ? [{ roleId: 'student', menuId }] : []),
    ])
    .filter((g) => roles.has(g.roleId));
  if (grants.length) await tx.insert(sysRoleMenu).values(grants).onConflictDoNothing();
}

/** Adds dictionaries and values a database lacks; titles admins changed stay. */
export async function syncDicts(tx: Tx) {
  await tx
    .insert(sysDic)
    .values(DICTS.map((d) => ({ id: `dic-${d.code}`, code: d.code, title: d.title })))
    .onConflictDoNothing();
  const values = DICTS.flatMap((d) =>
    d.values.map(([value, title], i) => ({ id: `dv-${d.code}-${value}`, dicCode: d.code, value, title, sort: i + 1 })),
  );
  await tx.insert(sysDicValue).values(values).onConflictDoNothing();
}
