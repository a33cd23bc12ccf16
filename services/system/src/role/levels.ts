import { type AuthUser, type Db, badRequest, forbidden, schema } from '@exam/server-kit';
import { and, count, eq, gt, inArray, max } from 'drizzle-orm';

const { sysRole, sysUserRole } = schema;

export const LEVEL_MSG = {
  user: '不能操作级别高于自己的用户！',
  grant: '不能授予高于自己级别的角色！',
  role: '不能修改或设置高于自己级别的角色！',
};

/** The highest level among these roles (0 for none): an operator's level. */
export async function levelOf(db: Db, roleIds: string[]): Promise<number> {
  if (!roleIds.length) return 0;
  const [r] = await db.select({ level: max(sysRole.roleLevel) }).from(sysRole).where(inArray(sysRole.id, roleIds));
  return Number(r?.level ?? 0);
}

/**
 * Role levels (DESIGN §4, docs/decisions.md): an operator acts only on users whose highest role level is
 * not above their own (edit, password reset, state, delete, bindings, batch changes), grants only roles
 * not above it, and edits or sets no role above it. The one check every user and role call makes.
 */
export async function assertLevel(db: Db, me: AuthUser, target: { users?: string[]; grant?: string[]; roleLevels?: number[] }) {
  const mine = await levelOf(db, me.roles);
  if (target.grant?.length) {
    const wanted = [...new Set(target.grant)];
    const rows = await db.select({ level: sysRole.roleLevel }).from(sysRole).where(inArray(sysRole.id, wanted));
    if (rows.length !== wanted.length) throw badRequest('角色不存在！');
    if (rows.some((r) => r.level > mine)) throw badRequest(LEVEL_MSG.grant);
  }
  if (target.roleLevels?.some((l) => l > mine)) throw forbidden(LEVEL_MSG.role);
  if (target.users?.length) {
    const [above] = await db.select({ n: count() }).from(sysUserRole)
      .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
      .where(and(inArray(sysUserRole.userId, [...new Set(target.users)]), gt(sysRole.roleLevel, mine)));
    if (Number(above?.n ?? 0) > 0) throw forbidden(LEVEL_MSG.user);
  }
}
