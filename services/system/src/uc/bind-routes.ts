import { UcCalls } from '@exam/contracts';
import { badRequest, conflict, fmtTime, forbidden, notFound, route, schema, userOf } from '@exam/server-kit';
import { checkMobile, checkSmsCode } from '@exam/validators';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { smsCodesOf } from '../sms/sms-of';
import { MOBILE, bindMobile, bindingOf, mobileOwner, unbindMobile } from './bind-repository';

const isUniqueViolation = (e: unknown) => String((e as { code?: string })?.code ?? (e as { cause?: { code?: string } })?.cause?.code) === '23505';

/** The signed-in user's own bindings (user centre 账号绑定); every call acts on the caller only. */
export async function bindRoutes(app: FastifyInstance) {
  const { sysUserBind, sysDicValue } = schema;
  const codes = smsCodesOf(app);
  const validate = (mobile: string, smsCode: string) => {
    const bad = checkMobile(mobile) ?? checkSmsCode(smsCode);
    if (bad) throw badRequest(bad);
  };

  route(app, UcCalls.bindMobile, {}, async (req) => {
    const me = userOf(req);
    const { mobile, smsCode } = req.body;
    validate(mobile, smsCode);
    if (await bindingOf(app.db, me.id, MOBILE)) throw conflict('当前账号已绑定手机号，请先解绑！');
    if (await mobileOwner(app.db, mobile)) throw conflict('该手机号已被其他账号绑定！');
    await codes.consume('bind', mobile, smsCode);
    try {
      await app.db.transaction((tx) => bindMobile(tx, me.id, mobile));
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict('该手机号已被其他账号绑定！');
      throw e;
    }
    return null;
  });

  route(app, UcCalls.unbindMobile, {}, async (req) => {
    const me = userOf(req);
    const { mobile, smsCode } = req.body;
    validate(mobile, smsCode);
    const bound = await bindingOf(app.db, me.id, MOBILE);
    if (!bound) throw badRequest('当前账号未绑定手机号！');
    if (bound.openId !== mobile) throw badRequest('该手机号不是当前账号绑定的手机号！');
    await codes.consume('unbind', mobile, smsCode);
    await app.db.transaction((tx) => unbindMobile(tx, me.id));
    return null;
  });

  route(app, UcCalls.bindInfo, {}, async (req) => {
    const me = userOf(req);
    // The spec's shape carries userId; a learner may only ask about themselves.
    if (req.body.userId && req.body.userId !== me.id) throw forbidden();
    const b = await bindingOf(app.db, me.id, req.body.loginType);
    return { bound: Boolean(b), loginType: req.body.loginType, openId: b?.openId ?? '', createTime: fmtTime(b?.createTime) };
  });

  route(app, UcCalls.bindList, {}, async (req) => {
    const me = userOf(req);
    const rows = await app.db
      .select({ b: sysUserBind, title: sysDicValue.title })
      .from(sysUserBind)
      .leftJoin(sysDicValue, and(eq(sysDicValue.dicCode, 'login_type'), eq(sysDicValue.value, sysUserBind.loginType)))
      .where(eq(sysUserBind.userId, me.id))
      .orderBy(asc(sysUserBind.createTime));
    return rows.map(({ b, title }) => ({
      id: b.id, userId: b.userId, loginType: b.loginType, loginType_dictText: title ?? b.loginType, openId: b.openId, nickName: b.nickName, createTime: fmtTime(b.createTime),
    }));
  });

  route(app, UcCalls.unbind, {}, async (req) => {
    const me = userOf(req);
    const [b] = await app.db.select().from(sysUserBind).where(and(eq(sysUserBind.id, req.body.id), eq(sysUserBind.userId, me.id)));
    if (!b) throw notFound();
    // Unbinding a mobile needs the SMS code (unbind-mobile), so the number's owner agrees.
    if (b.loginType === MOBILE) throw badRequest('手机号请通过短信验证码解绑！');
    await app.db.delete(sysUserBind).where(and(eq(sysUserBind.id, b.id), eq(sysUserBind.userId, me.id)));
    return null;
  });
}
