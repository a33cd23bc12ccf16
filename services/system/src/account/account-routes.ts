import { AccountCalls, CAPTCHA_IMAGE_PATH, Calls } from '@exam/contracts';
import { type Db, badRequest, faceService, hit, route, schema, tooMany, userOf } from '@exam/server-kit';
import { checkMobile, checkSmsCode } from '@exam/validators';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createCaptchas } from './captcha';
import { faceAssetRoutes } from './face-assets';
import { outboxCaptchaHook, smsCodesOf } from '../sms/sms-of';
import { createLoginService } from './login-service';
import { switchesOf } from '../config/switches';

/** Captcha images drawn and answers checked per address and minute: stops floods, not a classroom behind one address. */
export const CAPTCHA_PER_IP_MINUTE = 200;

/** The sign-in service over the app's store, sessions and switches (password, mobile, face and third-party routes). */
export function loginServiceOf(app: FastifyInstance, captchas = createCaptchas(app.infra.kv, outboxCaptchaHook(app))) {
  return createLoginService({
    db: app.db, kv: app.infra.kv, sessions: app.sessions, captchas, sms: smsCodesOf(app),
    loginTick: async () => (await switchesOf(app.db)).loginTick,
    mobileLogin: async () => (await switchesOf(app.db)).mobileLogin,
    faces: faceService({ db: app.db, dataDir: app.config.dataDir }),
    faceLogin: async () => (await switchesOf(app.db)).faceLogin,
  });
}

export async function accountRoutes(app: FastifyInstance) {
  const captchas = createCaptchas(app.infra.kv, outboxCaptchaHook(app));
  const logins = loginServiceOf(app, captchas);

  const perIp = async (ip: string, what: 'gen' | 'check') => {
    if (!(await hit(app.infra.kv, `captcha:${what}:${ip}`, CAPTCHA_PER_IP_MINUTE, 60))) throw tooMany();
  };

  route(app, Calls.login, { auth: 'public' }, async (req) => ({ token: await logins.login({ ...req.body, ip: req.ip }) }));

  route(app, AccountCalls.mobileLogin, { auth: 'public' }, async (req) => {
    const bad = checkMobile(req.body.mobile) ?? checkSmsCode(req.body.smsCode);
    if (bad) throw badRequest(bad);
    return { token: await logins.loginByMobile(req.body) };
  });

  await faceAssetRoutes(app);
  route(app, AccountCalls.faceLogin, { auth: 'public' }, async (req) => ({ token: await logins.loginByFace({ base64: req.body.base64, ip: req.ip }) }));

  route(app, Calls.logout, { auth: 'optional' }, async (req) => {
    if (req.token) await app.sessions.revoke(req.token);
    return null;
  });

  route(app, Calls.info, {}, async (req) => {
    const me = userOf(req);
    return userInfo(app.db, me, req.token!);
  });

  app.get<{ Querystring: { key?: string } }>(
    CAPTCHA_IMAGE_PATH,
    {
      config: { auth: 'public' },
      schema: { querystring: { type: 'object', properties: { key: { type: 'string', minLength: 8, maxLength: 64 } }, required: ['key'] } },
    },
    async (req, reply) => {
      await perIp(req.ip, 'gen');
      reply.header('cache-control', 'no-store').type('image/svg+xml');
      return captchas.generate(req.query.key!);
    },
  );

  route(app, Calls.captchaCheck, { auth: 'public' }, async (req) => {
    await perIp(req.ip, 'check');
    return captchas.check(req.body.captchaKey, req.body.captchaValue);
  });
}

async function userInfo(db: Db, me: { id: string; roleType: number; roles: string[]; permissions: string[] }, token: string) {
  const { sysUser, sysDepart, sysUserMsg } = schema;
  const [u] = await db
    .select({ user: sysUser, deptName: sysDepart.deptName })
    .from(sysUser)
    .leftJoin(sysDepart, eq(sysDepart.deptCode, sysUser.deptCode))
    .where(eq(sysUser.id, me.id));
  const [unread] = await db.select({ n: count() }).from(sysUserMsg).where(and(eq(sysUserMsg.userId, me.id), eq(sysUserMsg.readFlag, false)));
  return {
    id: u.user.id,
    userName: u.user.userName,
    realName: u.user.realName,
    avatar: u.user.avatar,
    mobile: u.user.mobile,
    deptCode: u.user.deptCode,
    deptCode_dictText: u.deptName ?? '',
    roleType: me.roleType,
    roles: me.roles,
    permissions: me.permissions,
    unreadMsg: Number(unread?.n ?? 0),
    points: u.user.points,
    token,
  };
}
