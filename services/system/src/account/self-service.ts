import type { InitReq, ProfileReq, RegReq, UpdatePassReq } from '@exam/contracts';
import {
  type AuthUser, type Db, type KeyValue, type Sessions, badRequest, conflict, fmtTime, forbidden, hashPassword, hit, newId,
  notFound, schema, tooMany, verifyPassword,
} from '@exam/server-kit';
import { checkPassword, checkRealName, checkUserName } from '@exam/validators';
import { asc, eq, sql } from 'drizzle-orm';
import type { SmsCodes } from '../sms/sms-codes';
import { mobileOwner } from '../uc/bind-repository';
import { switchesOf } from '../config/switches';

const { sysUser, sysUserRole, sysDepart, sysUserMsg } = schema;
/** The first in-site message of every registered learner: it shows where messages arrive. */
export const WELCOME = {
  title: '欢迎注册',
  content: '<p>欢迎加入！您可以在“个人中心”完善个人资料、绑定手机号，站内信息会显示在这里。</p>',
};
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Images the server stored (a path) or an absolute http(s) URL; never `javascript:` and the like. */
const AVATAR_RE = /^(\/|https?:\/\/)[^\s"'<>]*$/;
export const LEARNER_ROLE = 'student';

const must = (msg: string | undefined) => {
  if (msg) throw badRequest(msg);
};

const isUniqueViolation = (e: unknown) => String((e as { code?: string })?.code ?? (e as { cause?: { code?: string } })?.cause?.code) === '23505';

/** The learner's own account: registration, password, account name and profile (spec admin §2, §4, §5). */
export function createSelfService(deps: { db: Db; kv: KeyValue; sessions: Sessions; sms: SmsCodes }) {
  const { db, kv, sessions, sms } = deps;

  async function userNameTaken(userName: string, exceptId = '') {
    const [u] = await db.select({ id: sysUser.id }).from(sysUser).where(sql`lower(${sysUser.userName}) = ${userName.toLowerCase()}`);
    return Boolean(u && u.id !== exceptId);
  }

  /** Wrong current passwords are counted, so the change form cannot be used to guess a password. */
  async function assertOwnPassword(userId: string, plain: string) {
    if (!(await hit(kv, `oldpass:${userId}`, 5, 900))) throw tooMany('密码错误次数过多，请15分钟后再试！');
    const [u] = await db.select({ password: sysUser.password }).from(sysUser).where(eq(sysUser.id, userId));
    if (!(await verifyPassword(u?.password, plain))) throw badRequest('原密码错误！');
  }

  return {
    async regOptions() {
      const s = await switchesOf(db);
      const departs = s.userReg && s.userDeptType === 0
        ? await db.select({ deptCode: sysDepart.deptCode, deptName: sysDepart.deptName }).from(sysDepart).orderBy(asc(sysDepart.deptCode))
        : [];
      return { userReg: s.userReg, userAudit: s.userAudit, userDeptType: s.userDeptType, departs };
    },

    /** New learners get the student role; with userAudit on they wait in state 2 for an administrator. */
    async register(req: Omit<RegReq, 'captchaKey' | 'captchaValue'>): Promise<{ state: number }> {
      const s = await switchesOf(db);
      if (!s.userReg) throw forbidden('系统未开放注册！');
      must(checkUserName(req.userName) ?? checkRealName(req.realName) ?? checkPassword(req.password));
      const deptCode = s.userDeptType === 1 ? s.userDeptCode : (req.deptCode ?? '').trim();
      if (!deptCode) throw badRequest('部门不能为空！');
      const [dept] = await db.select({ id: sysDepart.id }).from(sysDepart).where(eq(sysDepart.deptCode, deptCode));
      if (!dept) throw badRequest('部门不存在！');
      if (await userNameTaken(req.userName)) throw conflict('用户名已存在！');
      const state = s.userAudit ? 2 : 0;
      const id = newId();
      const password = await hashPassword(req.password);
      try {
        await db.transaction(async (tx) => {
          await tx.insert(sysUser).values({ id, userName: req.userName, realName: req.realName.trim(), password, deptCode, state });
          await tx.insert(sysUserRole).values({ userId: id, roleId: LEARNER_ROLE });
          await tx.insert(sysUserMsg).values({ id: newId(), userId: id, title: WELCOME.title, content: WELCOME.content });
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict('用户名已存在！');
        throw e;
      }
      return { state };
    },

    /** Forgot password: the SMS code (smsType forgot) proves the mobile; every session of the account ends. */
    async forgotPass(req: { mobile: string; smsCode: string; password: string }) {
      must(checkPassword(req.password));
      await sms.consume('forgot', req.mobile, req.smsCode);
      const userId = await mobileOwner(db, req.mobile);
      if (!userId) throw badRequest('该手机号未绑定任何账号！');
      await db.update(sysUser).set({ password: await hashPassword(req.password), updateTime: new Date() }).where(eq(sysUser.id, userId));
      await sessions.revokeUser(userId);
    },

    /** Ends every session of the user, then opens a new one for the caller: other devices must sign in again. */
    async updatePass(me: AuthUser, req: UpdatePassReq): Promise<{ token: string }> {
      must(checkPassword(req.password));
      await assertOwnPassword(me.id, req.oldPassword);
      if (req.oldPassword === req.password) throw badRequest('新密码不能与原密码相同！');
      await db.update(sysUser).set({ password: await hashPassword(req.password), updateTime: new Date() }).where(eq(sysUser.id, me.id));
      await sessions.revokeUser(me.id);
      return { token: await sessions.create(me.id) };
    },

    /** Modify account: a new user name, confirmed with the current password. */
    async init(me: AuthUser, req: InitReq) {
      must(checkUserName(req.userName));
      await assertOwnPassword(me.id, req.password);
      if (await userNameTaken(req.userName, me.id)) throw conflict('用户名已存在！');
      try {
        await db.update(sysUser).set({ userName: req.userName, updateTime: new Date() }).where(eq(sysUser.id, me.id));
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict('用户名已存在！');
        throw e;
      }
      await sessions.invalidateAuth(me.id);
    },

    async update(me: AuthUser, req: ProfileReq) {
      must(checkRealName(req.realName));
      if (req.email && !EMAIL_RE.test(req.email)) throw badRequest('邮箱格式不正确!');
      if (req.avatar && !AVATAR_RE.test(req.avatar)) throw badRequest('头像地址不正确！');
      const set: Partial<typeof sysUser.$inferInsert> = { realName: req.realName.trim(), updateTime: new Date() };
      if (req.email !== undefined) set.email = req.email.trim();
      if (req.avatar !== undefined) set.avatar = req.avatar;
      await db.update(sysUser).set(set).where(eq(sysUser.id, me.id));
      await sessions.invalidateAuth(me.id);
    },

    async profile(me: AuthUser) {
      const [r] = await db.select({ u: sysUser, deptName: sysDepart.deptName }).from(sysUser)
        .leftJoin(sysDepart, eq(sysDepart.deptCode, sysUser.deptCode)).where(eq(sysUser.id, me.id));
      if (!r) throw notFound();
      const { u } = r;
      return {
        id: u.id, userName: u.userName, realName: u.realName, avatar: u.avatar, email: u.email, mobile: u.mobile,
        deptCode: u.deptCode, deptCode_dictText: r.deptName ?? '', points: u.points, createTime: fmtTime(u.createTime),
      };
    },
  };
}
