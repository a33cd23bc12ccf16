import type { BodyOf, UserCalls, UserSaveReq } from '@exam/contracts';
import {
  type AuthUser,
  type Db,
  type FaceService,
  type Sessions,
  type Tx,
  badRequest,
  conflict,
  fmtTime,
  hashPassword,
  isUniqueViolation,
  newId,
  notFound,
  pageQuery,
} from '@exam/server-kit';
import { checkPassword } from '@exam/validators';
import { requireSaveGrant } from '../role/grants';
import { assertLevel } from '../role/levels';
import * as repo from './user-repository';
import { checkDepts, isTime, toExpire, userFormError } from './user-rules';
import { exportUsers, importTemplate, importUsers } from './user-xlsx';

const MAX_EXPORT_ROWS = 50_000;

/** Users as the admin manages them (spec admin §2 SysUser, §5 user form rules). */
export function createUserService(deps: { db: Db; sessions: Sessions; faces: FaceService }) {
  const { db, sessions, faces } = deps;

  /** All ids must name existing users the operator may act on (role levels), or the call is refused as a whole. */
  async function existing(ids: string[], me: AuthUser) {
    const wanted = [...new Set(ids)];
    // Every batch call acts on at least one user (an empty list once reached an insert of no rows: a 500).
    if (!wanted.length) throw badRequest('请选择用户！');
    if ((await repo.existingUserIds(db, wanted)).length !== wanted.length) throw notFound('用户不存在或已被删除！');
    await assertLevel(db, me, { users: wanted });
    return wanted;
  }

  /**
   * A new face photo passes the quality gate before anything is saved (its reason is the answer); the
   * writer stores its template with the user, a cleared photo removes it (issue 13 enrolment).
   */
  async function faceChange(id: string, creating: boolean, face: string) {
    const old = creating ? undefined : await repo.userById(db, id);
    if ((old?.face ?? '') === face) return undefined;
    if (!face) return (tx: Db | Tx) => faces.unenroll(id, tx);
    return faces.prepareEnrollUrl(id, face);
  }

  return {
    /** The user picker serves group membership and exams opened to named people too. */
    page: (q: BodyOf<typeof UserCalls.paging>) =>
      pageQuery(
        q,
        (limit, offset) => repo.listUsers(db, q, limit, offset),
        () => repo.countUsers(db, q.params),
      ),

    async detail(id: string) {
      const row = await repo.userWithDept(db, id);
      if (!row) throw notFound('用户不存在或已被删除！');
      const roles = await repo.roleIdsOf(db, id);
      const { u } = row;
      return {
        id: u.id,
        userName: u.userName,
        realName: u.realName,
        roles,
        deptCode: u.deptCode,
        deptCode_dictText: row.deptName ?? '',
        mobile: u.mobile,
        email: u.email,
        expireTime: fmtTime(u.expireTime),
        avatar: u.avatar,
        idCard: u.idCard,
        face: u.face,
        state: u.state,
        createTime: fmtTime(u.createTime),
      };
    },

    async save(input: UserSaveReq, me: AuthUser): Promise<{ id: string }> {
      requireSaveGrant(me, input.id, 'sys:user');
      const creating = !input.id;
      const err = userFormError(input, creating);
      if (err) throw badRequest(err);
      if (!creating) await existing([input.id!], me);
      if (await repo.userNameTaken(db, input.userName, input.id))
        throw conflict(`用户名 ${input.userName} 已存在，请更换！`);
      await checkDepts(db, [input.deptCode]);
      await assertLevel(db, me, { grant: input.roles, had: creating ? [] : [input.id!] });
      if (!creating && input.id === me.id && input.state !== undefined && input.state !== 0)
        throw badRequest('不能禁用当前登录用户！');
      const fields = {
        userName: input.userName.trim(),
        realName: input.realName.trim(),
        deptCode: input.deptCode,
        mobile: input.mobile ?? '',
        email: input.email ?? '',
        avatar: input.avatar ?? '',
        idCard: input.idCard ?? '',
        face: input.face ?? '',
        expireTime: toExpire(input.expireTime),
        ...(input.state !== undefined ? { state: input.state } : {}),
      };
      const password = input.password ? await hashPassword(input.password) : undefined;
      const id = input.id ?? newId();
      const enrolFace = await faceChange(id, creating, fields.face);
      await db
        .transaction(async (tx) => {
          if (creating) await repo.insertUsers(tx, [{ id, ...fields, password: password! }]);
          else await repo.updateUser(tx, id, { ...fields, ...(password ? { password } : {}), updateTime: new Date() });
          await enrolFace?.(tx);
          await repo.replaceRoles(tx, [id], input.roles);
        })
        .catch((e) => {
          // Two saves racing for one name: the unique index decides.
          if (isUniqueViolation(e)) throw conflict(`用户名 ${input.userName} 已存在，请更换！`);
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
      await repo.deleteUsers(db, found);
      for (const id of found) await sessions.revokeUser(id);
    },

    async setState(ids: string[], state: number, me: AuthUser) {
      if (state !== 0 && ids.includes(me.id)) throw badRequest('不能禁用当前登录用户！');
      const found = await existing(ids, me);
      await repo.updateUsers(db, found, { state, updateTime: new Date() });
      for (const id of found) await (state === 0 ? sessions.invalidateAuth(id) : sessions.revokeUser(id));
    },

    async batchDept(ids: string[], deptCode: string, me: AuthUser) {
      await checkDepts(db, [deptCode]);
      const found = await existing(ids, me);
      await repo.updateUsers(db, found, { deptCode, updateTime: new Date() });
      for (const id of found) await sessions.invalidateAuth(id);
    },

    async batchRole(ids: string[], roles: string[], me: AuthUser) {
      if (!roles.length) throw badRequest('必须选择一个角色！');
      const found = await existing(ids, me);
      await assertLevel(db, me, { grant: roles, had: found });
      await db.transaction((tx) => repo.replaceRoles(tx, found, roles));
      for (const id of found) await sessions.invalidateAuth(id);
    },

    async batchExpire(ids: string[], expireTime: string, me: AuthUser) {
      if (expireTime && !isTime(expireTime)) throw badRequest('过期时间格式应为 yyyy-MM-dd HH:mm:ss！');
      const when = expireTime ? toExpire(expireTime) : null;
      const found = await existing(ids, me);
      await repo.updateUsers(db, found, { expireTime: when, updateTime: new Date() });
      for (const id of found) await sessions.invalidateAuth(id);
    },

    async resetPass(ids: string[], password: string, me: AuthUser) {
      const err = checkPassword(password);
      if (err) throw badRequest(err);
      const found = await existing(ids, me);
      const hash = await hashPassword(password);
      await repo.updateUsers(db, found, { password: hash, updateTime: new Date() });
      for (const id of found) await sessions.revokeUser(id);
    },

    exportXlsx: async (params?: repo.UserParams) => exportUsers(await repo.usersForExport(db, params, MAX_EXPORT_ROWS)),
    importTemplate: () => importTemplate(db),
    importXlsx: (data: Buffer, me: AuthUser) => importUsers(db, data, me),
  };
}
export type UserService = ReturnType<typeof createUserService>;
