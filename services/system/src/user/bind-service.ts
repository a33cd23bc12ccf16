import type { BodyOf, UserCalls } from '@exam/contracts';
import { type AuthUser, type Db, badRequest, conflict, fmtTime, notFound, pageQuery } from '@exam/server-kit';
import { checkMobile } from '@exam/validators';
import { assertLevel } from '../role/levels';
import * as binds from '../uc/bind-repository';
import { userExists } from './user-repository';

/**
 * The admin side of bindings (spec admin §2 user edit dialog, tab 账号绑定): list a user's bindings,
 * remove one (only the user can bind again), bind or unbind a mobile directly.
 */
export function userBindService({ db }: { db: Db }) {
  /** The user exists and the operator may act on them (role levels). */
  const mayActOn = async (me: AuthUser, id: string) => {
    if (!(await userExists(db, id))) throw notFound('用户不存在或已被删除！');
    await assertLevel(db, me, { users: [id] });
  };

  return {
    page(q: BodyOf<typeof UserCalls.bindPaging>) {
      const userId = q.params?.userId ?? '';
      return pageQuery(
        q,
        async (limit, offset) =>
          (await binds.bindingsWithText(db, userId, { limit, offset })).map(({ b, title }) => ({
            id: b.id,
            userId: b.userId,
            loginType: b.loginType,
            loginType_dictText: title ?? b.loginType,
            openId: b.openId,
            nickName: b.nickName,
            createTime: fmtTime(b.createTime),
          })),
        () => binds.countBindings(db, userId),
      );
    },

    async unbindById(id: string, me: AuthUser) {
      const found = await binds.bindingById(db, id);
      if (!found) throw notFound('绑定不存在或已解绑！');
      await assertLevel(db, me, { users: [found.userId] });
      const b = await binds.deleteBinding(db, id);
      if (!b) throw notFound('绑定不存在或已解绑！');
      if (b.loginType === binds.MOBILE) await binds.clearMirroredMobile(db, b.userId);
    },

    async directBind({ mobile, userId }: BodyOf<typeof UserCalls.directBind>, me: AuthUser) {
      const err = checkMobile(mobile);
      if (err) throw badRequest(err);
      await mayActOn(me, userId);
      const owner = await binds.mobileOwner(db, mobile);
      if (owner && owner !== userId) throw conflict('该手机号已绑定其他用户！');
      await db.transaction((tx) => binds.replaceMobile(tx, userId, mobile));
    },

    async directUnbind({ mobile, userId }: BodyOf<typeof UserCalls.directUnbind>, me: AuthUser) {
      await mayActOn(me, userId);
      if (!(await binds.deleteMobileBinding(db, userId, mobile))) throw notFound('该用户未绑定此手机号！');
      await binds.clearMirroredMobile(db, userId);
    },
  };
}
