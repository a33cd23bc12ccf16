import { AccountCalls, CAPTCHA_IMAGE_PATH, Calls } from '@exam/contracts';
import { faceService, route } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { switchesOf } from '../config/switches';
import { outboxCaptchaHook, smsCodesOf } from '../sms/sms-of';
import { createCaptchas, limitCaptchaIp } from './captcha';
import { faceAssetRoutes } from './face-assets';
import { createLoginService } from './login-service';

/** The sign-in service over the app's store, sessions and switches (password, mobile, face and third-party routes). */
export function loginServiceOf(app: FastifyInstance, captchas = createCaptchas(app.infra.kv, outboxCaptchaHook(app))) {
  return createLoginService({
    db: app.db,
    kv: app.infra.kv,
    sessions: app.sessions,
    captchas,
    sms: smsCodesOf(app),
    loginTick: async () => (await switchesOf(app.db)).loginTick,
    mobileLogin: async () => (await switchesOf(app.db)).mobileLogin,
    faces: faceService({ db: app.db, dataDir: app.config.dataDir }),
    faceLogin: async () => (await switchesOf(app.db)).faceLogin,
  });
}

/** Sign-in and sign-out (login-service.ts), and the graphic captcha (captcha.ts). */
export async function accountRoutes(app: FastifyInstance) {
  const captchas = createCaptchas(app.infra.kv, outboxCaptchaHook(app));
  const logins = loginServiceOf(app, captchas);

  route(app, Calls.login, { auth: 'public' }, async (req) => ({
    token: await logins.login({ ...req.body, ip: req.ip }),
  }));
  route(app, AccountCalls.mobileLogin, { auth: 'public' }, async (req) => ({
    token: await logins.loginByMobile(req.body),
  }));

  await faceAssetRoutes(app);
  route(app, AccountCalls.faceLogin, { auth: 'public' }, async (req) => ({
    token: await logins.loginByFace({ base64: req.body.base64, ip: req.ip }),
  }));

  route(app, Calls.logout, { auth: 'optional' }, async (req) => {
    if (req.token) await app.sessions.revoke(req.token);
    return null;
  });

  app.get<{ Querystring: { key?: string } }>(
    CAPTCHA_IMAGE_PATH,
    {
      config: { auth: 'public' },
      schema: {
        querystring: {
          type: 'object',
          properties: { key: { type: 'string', minLength: 8, maxLength: 64 } },
          required: ['key'],
        },
      },
    },
    async (req, reply) => {
      await limitCaptchaIp(app.infra.kv, req.ip, 'gen');
      reply.header('cache-control', 'no-store').type('image/svg+xml');
      return captchas.generate(req.query.key!);
    },
  );

  route(app, Calls.captchaCheck, { auth: 'public' }, async (req) => {
    await limitCaptchaIp(app.infra.kv, req.ip, 'check');
    return captchas.check(req.body.captchaKey, req.body.captchaValue);
  });
}
