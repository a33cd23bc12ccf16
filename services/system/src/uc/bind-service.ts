import type { BodyOf, UcCalls } from '@exam/contracts';
import { type Db, badRequest, conflict, fmtTime, forbidden, isUniqueViolation, notFound } from '@exam/server-kit';
import { checkMobile, checkSmsCode } from '@exam/validators';
import type { SmsCodes } from '../sms/sms-codes';
import * as repo from './bind-repository';

const validate = (mobile: string, smsCode: string) => {
  const bad = checkMobile(mobile) ?? checkSmsCode(smsCode);
  if (bad) throw badRequest(bad);
};

/** The signed-in user's own bindings (user centre 账号绑定); every call acts on the caller only. */
export function bindService({ db, codes }: { db: Db; codes: SmsCodes }) {
  return {
    async bindMobile(userId: string, { mobile, smsCode }: BodyOf<typeof UcCalls.bindMobile>) {
      validate(mobile, smsCode);
      if (await repo.bindingOf(db, userId, repo.MOBILE)) throw conflict('当前账号已绑定手机号，请先解绑！');
      if (await repo.mobileOwner(db, mobile)) throw conflict('该手机号已被其他账号绑定！');
      await codes.consume('bind', mobile, smsCode);
      try {
        await db.transaction((tx) => repo.bindMobile(tx, userId, mobile));
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict('该手机号已被其他账号绑定！');
        throw e;
      }
    },

    async unbindMobile(userId: string, { mobile, smsCode }: BodyOf<typeof UcCalls.unbindMobile>) {
      validate(mobile, smsCode);
      const bound = await repo.bindingOf(db, userId, repo.MOBILE);
      if (!bound) throw badRequest('当前账号未绑定手机号！');
      if (bound.openId !== mobile) throw badRequest('该手机号不是当前账号绑定的手机号！');
      await codes.consume('unbind', mobile, smsCode);
      await db.transaction((tx) => repo.unbindMobile(tx, userId));
    },

    /** The spec's shape carries userId; a learner may only ask about themselves. */
    async info(userId: string, body: BodyOf<typeof UcCalls.bindInfo>) {
      if (body.userId && body.userId !== userId) throw forbidden();
      const b = await repo.bindingOf(db, userId, body.loginType);
      return {
        bound: Boolean(b),
        loginType: body.loginType,
        openId: b?.openId ?? '',
        createTime: fmtTime(b?.createTime),
      };
    },

    list: async (userId: string) =>
      (await repo.bindingsWithText(db, userId)).map(({ b, title }) => ({
        id: b.id,
        userId: b.userId,
        loginType: b.loginType,
        loginType_dictText: title ?? b.loginType,
        openId: b.openId,
        nickName: b.nickName,
        createTime: fmtTime(b.createTime),
      })),

    async unbind(userId: string, id: string) {
      const b = await repo.bindingById(db, id, userId);
      if (!b) throw notFound();
      // Unbinding a mobile needs the SMS code (unbind-mobile), so the number's owner agrees.
      if (b.loginType === repo.MOBILE) throw badRequest('手机号请通过短信验证码解绑！');
      await repo.deleteBinding(db, b.id, userId);
    },
  };
}
