import {
  Code,
  type ForgotPassReq,
  type InitReq,
  type ProfileReq,
  type RegReq,
  type UpdatePassReq,
} from '@exam/contracts';
import {
  type AuthUser,
  type Db,
  type KeyValue,
  type Sessions,
  badRequest,
  conflict,
  fmtTime,
  forbidden,
  hashPassword,
  hit,
  isUniqueViolation,
  newId,
  notFound,
  tooMany,
  verifyPassword,
} from '@exam/server-kit';
import {
  checkGraphicCaptcha,
  checkMobile,
  checkPassword,
  checkRealName,
  checkSmsCode,
  checkUserName,
} from '@exam/validators';
import { switchesOf } from '../config/switches';
import { departsByCode, existingDeptCodes } from '../depart/depart-repository';
import type { SmsCodes } from '../sms/sms-codes';
import { mobileOwner } from '../uc/bind-repository';
import { insertMsg, unreadCount } from '../uc/msg-repository';
import * as users from '../user/user-repository';
import { CAPTCHA_WRONG_MSG, type Captchas } from './captcha';
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

/** The learner's own account: registration, password, account name and profile (spec admin §2, §4, §5). */
export function createSelfService(deps: {
  db: Db;
  kv: KeyValue;
  sessions: Sessions;
  sms: SmsCodes;
  captchas: Captchas;
}) {
  const { db, kv, sessions, sms, captchas } = deps;

  /** Wrong current passwords are counted, so the change form cannot be used to guess a password. */
  async function assertOwnPassword(userId: string, plain: string) {
    if (!(await hit(kv, `oldpass:${userId}`, 5, 900))) throw tooMany('密码错误次数过多，请15分钟后再试！');
    const u = await users.userById(db, userId);
    if (!(await verifyPassword(u?.password, plain))) throw badRequest('原密码错误！');
  }

  return {
    async regOptions() {
      const s = await switchesOf(db);
      const departs =
        s.userReg && s.userDeptType === 0
          ? (await departsByCode(db)).map((d) => ({ deptCode: d.deptCode, deptName: d.deptName }))
          : [];
      return { userReg: s.userReg, userAudit: s.userAudit, userDeptType: s.userDeptType, departs };
    },

    /**
     * The graphic captcha first; new learners get the student role; with userAudit on they wait in state 2
     * for an administrator.
     */
    async register({ captchaKey, captchaValue, ...req }: RegReq): Promise<{ state: number }> {
      must(checkGraphicCaptcha(captchaValue));
      if (!(await captchas.consume(captchaKey, captchaValue))) throw badRequest(CAPTCHA_WRONG_MSG, Code.CAPTCHA_WRONG);
      const s = await switchesOf(db);
      if (!s.userReg) throw forbidden('系统未开放注册！');
      must(checkUserName(req.userName) ?? checkRealName(req.realName) ?? checkPassword(req.password));
      const deptCode = s.userDeptType === 1 ? s.userDeptCode : (req.deptCode ?? '').trim();
      if (!deptCode) throw badRequest('部门不能为空！');
      if (!(await existingDeptCodes(db, [deptCode])).length) throw badRequest('部门不存在！');
      if (await users.userNameTaken(db, req.userName)) throw conflict('用户名已存在！');
      const state = s.userAudit ? 2 : 0;
      const id = newId();
      const password = await hashPassword(req.password);
      try {
        await db.transaction(async (tx) => {
          await users.insertUsers(tx, [
            { id, userName: req.userName, realName: req.realName.trim(), password, deptCode, state },
          ]);
          await users.insertUserRoles(tx, [{ userId: id, roleId: LEARNER_ROLE }]);
          await insertMsg(tx, id, WELCOME);
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict('用户名已存在！');
        throw e;
      }
      return { state };
    },

    /** Forgot password: the SMS code (smsType forgot) proves the mobile; every session of the account ends. */
    async forgotPass(req: ForgotPassReq) {
      must(checkMobile(req.mobile) ?? checkSmsCode(req.smsCode));
      must(checkPassword(req.password));
      await sms.consume('forgot', req.mobile, req.smsCode);
      const userId = await mobileOwner(db, req.mobile);
      if (!userId) throw badRequest('该手机号未绑定任何账号！');
      await users.updateUser(db, userId, { password: await hashPassword(req.password), updateTime: new Date() });
      await sessions.revokeUser(userId);
    },

    /** Ends every session of the user, then opens a new one for the caller: other devices must sign in again. */
    async updatePass(me: AuthUser, req: UpdatePassReq): Promise<{ token: string }> {
      must(checkPassword(req.password));
      await assertOwnPassword(me.id, req.oldPassword);
      if (req.oldPassword === req.password) throw badRequest('新密码不能与原密码相同！');
      await users.updateUser(db, me.id, { password: await hashPassword(req.password), updateTime: new Date() });
      await sessions.revokeUser(me.id);
      return { token: await sessions.create(me.id) };
    },

    /** Modify account: a new user name, confirmed with the current password. */
    async init(me: AuthUser, req: InitReq) {
      must(checkUserName(req.userName));
      await assertOwnPassword(me.id, req.password);
      if (await users.userNameTaken(db, req.userName, me.id)) throw conflict('用户名已存在！');
      try {
        await users.updateUser(db, me.id, { userName: req.userName, updateTime: new Date() });
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
      const set: users.UserChanges = { realName: req.realName.trim(), updateTime: new Date() };
      if (req.email !== undefined) set.email = req.email.trim();
      if (req.avatar !== undefined) set.avatar = req.avatar;
      await users.updateUser(db, me.id, set);
      await sessions.invalidateAuth(me.id);
    },

    async profile(me: AuthUser) {
      const r = await users.userWithDept(db, me.id);
      if (!r) throw notFound();
      const { u } = r;
      return {
        id: u.id,
        userName: u.userName,
        realName: u.realName,
        avatar: u.avatar,
        email: u.email,
        mobile: u.mobile,
        deptCode: u.deptCode,
        deptCode_dictText: r.deptName ?? '',
        points: u.points,
        createTime: fmtTime(u.createTime),
      };
    },

    /** The signed-in user as the shells show them (Calls.info), with the session's roles and permissions. */
    async info(me: AuthUser, token: string) {
      const u = await users.userWithDept(db, me.id);
      const unread = await unreadCount(db, me.id);
      return {
        id: u.u.id,
        userName: u.u.userName,
        realName: u.u.realName,
        avatar: u.u.avatar,
        mobile: u.u.mobile,
        deptCode: u.u.deptCode,
        deptCode_dictText: u.deptName ?? '',
        roleType: me.roleType,
        roles: me.roles,
        permissions: me.permissions,
        unreadMsg: unread,
        points: u.u.points,
        token,
      };
    },
  };
}
