import type { UserSaveReq } from '@exam/contracts';
import { type AuthUser, type Db, type FaceService, type Sessions, type Tx, badRequest, conflict, fmtTime, hashPassword, newId, notFound, schema } from '@exam/server-kit';
import { checkPassword } from '@exam/validators';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { assertLevel } from '../role/levels';
import { checkDepts, isTime, toExpire, userFormError } from './user-rules';

const { sysUser, sysUserRole, sysDepart } = schema;

/** Users as the admin manages them (spec admin §2 SysUser, §5 user form rules). */
export function createUserService(deps: { db: Db; sessions: Sessions; faces: FaceService }) {
  const { db, sessions, faces } = deps;

  /** All ids must name existing users the operator may act on (role levels), or the call is refused as a whole. */
  async function existing(ids: string[], me: AuthUser) {
    const wanted = [...new Set(ids)];
    // Every batch call acts on at least one user (an empty list once reached an insert of no rows: a 500).
    if (!wanted.length) throw badRequest('请选择用户！');
    const rows = await db.select({ id: sysUser.id }).from(sysUser).where(inArray(sysUser.id, wanted));
    if (rows.length !== wanted.length) throw notFound('用户不存在或已被删除！');
    await assertLevel(db, me, { users: wanted });
    return wanted;
  }

  const nameTaken = async (userName: string, exceptId?: string) =>
    (await db.select({ id: sysUser.id }).from(sysUser)
      .where(and(sql`lower(${sysUser.userName}) = ${userName.toLowerCase()}`, exceptId ? ne(sysUser.id, exceptId) : undefined))).length > 0;

  /**
   * A new face photo passes the quality gate before anything is saved (its reason is the answer); the
   * writer stores its template with the user, a cleared photo removes it (issue 13 enrolment).
   */
  async function faceChange(id: string, creating: boolean, face: string) {
    const [old] = creating ? [] : await db.select({ face: sysUser.face }).from(sysUser).where(eq(sysUser.id, id));
    if ((old?.face ?? '') === face) return undefined;
    if (!face) return (tx: Db | Tx) => faces.unenroll(id, tx);
    return faces.prepareEnrollUrl(id, face);
  }

  return {
    async detail(id: string) {
      const [row] = await db.select({ u: sysUser, deptName: sysDepart.deptName }).from(sysUser)
        .leftJoin(sysDepart, eq(sysDepart.deptCode, sysUser.deptCode)).where(eq(sysUser.id, id));
      if (!row) throw notFound('用户不存在或已被删除！');
      const roles = await db.select({ id: sysUserRole.roleId }).from(sysUserRole).where(eq(sysUserRole.userId, id));
      const { u } = row;
      return {
        id: u.id, userName: u.userName, realName: u.realName, roles: roles.map((r) => r.id), deptCode: u.deptCode,
        deptCode_dictText: row.deptName ?? '', mobile: u.mobile, email: u.email, expireTime: fmtTime(u.expireTime),
        avatar: u.avatar, idCard: u.idCard, face: u.face, state: u.state, createTime: fmtTime(u.createTime),
      };
    },

    async save(input: UserSaveReq, me: AuthUser): Promise<{ id: string }> {
      const creating = !input.id;
      const err = userFormError(input, creating);
      if (err) throw badRequest(err);
      if (!creating) await existing([input.id!], me);
      if (await nameTaken(input.userName, input.id)) throw conflict(`用户名 ${input.userName} 已存在，请更换！`);
      await checkDepts(db, [input.deptCode]);
      await assertLevel(db, me, { grant: input.roles, had: creating ? [] : [input.id!] });
      if (!creating && input.id === me.id && input.state !== undefined && input.state !== 0) throw badRequest('不能禁用当前登录用户！');
      const fields = {
        userName: input.userName.trim(), realName: input.realName.trim(), deptCode: input.deptCode, mobile: input.mobile ?? '',
        email: input.email ?? '', avatar: input.avatar ?? '', idCard: input.idCard ?? '', face: input.face ?? '',
        expireTime: toExpire(input.expireTime), ...(input.state !== undefined ? { state: input.state } : {}),
      };
      const password = input.password ? await hashPassword(input.password) : undefined;
      const id = input.id ?? newId();
      const enrolFace = await faceChange(id, creating, fields.face);
      await db.transaction(async (tx) => {
        if (creating) await tx.insert(sysUser).values({ id, ...fields, password: password! });
        else await tx.update(sysUser).set({ ...fields, ...(password ? { password } : {}), updateTime: new Date() }).where(eq(sysUser.id, id));
        await enrolFace?.(tx);
        await tx.delete(sysUserRole).where(eq(sysUserRole.userId, id));
        await tx.insert(sysUserRole).values([...new Set(input.roles)].map((roleId) => ({ userId: id, roleId })));
      }).catch((e) => {
        // Two saves racing for one name: the unique index decides.
        if (String((e as { cause?: { code?: string } }).cause?.code ?? (e as { code?: string }).code) === '23505') throw conflict(`用户名 ${input.userName} 已存在，请更换！`);
        throw e;
      });
      // A new password or a state other than 正常 ends the user's sessions; other changes refresh them.
      if (!creating && (password || (input.state ?? 0) !== 0)) await sessions.revokeUser(id);
      else if (!creating) await sessions.invalidateAuth(id);
      return { id };
    },

    async remove(ids: string[], me: AuthUser) {
      if (ids.includes(me.id)) throw badRequest('不能删除当前登录用户！');
      const found = await existing(ids, me);
      await db.delete(sysUser).where(inArray(sysUser.id, found));
      for (const id of found) await sessions.revokeUser(id);
    },

    async setState(ids: string[], state: number, me: AuthUser) {
      if (state !== 0 && ids.includes(me.id)) throw badRequest('不能禁用当前登录用户！');
      const found = await existing(ids, me);
      await db.update(sysUser).set({ state, updateTime: new Date() }).where(inArray(sysUser.id, found));
      for (const id of found) await (state === 0 ? sessions.invalidateAuth(id) : sessions.revokeUser(id));
    },

    async batchDept(ids: string[], deptCode: string, me: AuthUser) {
      await checkDepts(db, [deptCode]);
      const found = await existing(ids, me);
      await db.update(sysUser).set({ deptCode, updateTime: new Date() }).where(inArray(sysUser.id, found));
      for (const id of found) await sessions.invalidateAuth(id);
    },

    async batchRole(ids: string[], roles: string[], me: AuthUser) {
      if (!roles.length) throw badRequest('必须选择一个角色！');
      const found = await existing(ids, me);
      await assertLevel(db, me, { grant: roles, had: found });
      await db.transaction(async (tx) => {
        await tx.delete(sysUserRole).where(inArray(sysUserRole.userId, found));
        await tx.insert(sysUserRole).values(found.flatMap((userId) => [...new Set(roles)].map((roleId) => ({ userId, roleId }))));
      });
      for (const id of found) await sessions.invalidateAuth(id);
    },

    async batchExpire(ids: string[], expireTime: string, me: AuthUser) {
      if (expireTime && !isTime(expireTime)) throw badRequest('过期时间格式应为 yyyy-MM-dd HH:mm:ss！');
      const when = expireTime ? toExpire(expireTime) : null;
      const found = await existing(ids, me);
      await db.update(sysUser).set({ expireTime: when, updateTime: new Date() }).where(inArray(sysUser.id, found));
      for (const id of found) await sessions.invalidateAuth(id);
    },

    async resetPass(ids: string[], password: string, me: AuthUser) {
      const err = checkPassword(password);
      if (err) throw badRequest(err);
      const found = await existing(ids, me);
      const hash = await hashPassword(password);
      await db.update(sysUser).set({ password: hash, updateTime: new Date() }).where(inArray(sysUser.id, found));
      for (const id of found) await sessions.revokeUser(id);
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
