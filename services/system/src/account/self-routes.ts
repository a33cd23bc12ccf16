import { AccountCalls, Code } from '@exam/contracts';
import { badRequest, route, userOf } from '@exam/server-kit';
import { checkGraphicCaptcha, checkMobile, checkSmsCode } from '@exam/validators';
import type { FastifyInstance } from 'fastify';
import { CAPTCHA_WRONG_MSG } from '../sms/sms-routes';
import { smsCodesOf } from '../sms/sms-of';
import { createCaptchas } from './captcha';
import { createSelfService } from './self-service';

/** Registration, forgotten password and the signed-in user's own account (spec admin §2, §4, §7). */
export async function selfRoutes(app: FastifyInstance) {
  const captchas = createCaptchas(app.infra.kv);
  const self = createSelfService({ db: app.db, kv: app.infra.kv, sessions: app.sessions, sms: smsCodesOf(app) });

  route(app, AccountCalls.regOptions, { auth: 'public' }, () => self.regOptions());

  route(app, AccountCalls.reg, { auth: 'public' }, async (req) => {
    const { captchaKey, captchaValue, ...form } = req.body;
    const bad = checkGraphicCaptcha(captchaValue);
    if (bad) throw badRequest(bad);
    if (!(await captchas.consume(captchaKey, captchaValue))) throw badRequest(CAPTCHA_WRONG_MSG, Code.CAPTCHA_WRONG);
    return self.register(form);
  });

  route(app, AccountCalls.forgotPass, { auth: 'public' }, async (req) => {
    const bad = checkMobile(req.body.mobile) ?? checkSmsCode(req.body.smsCode);
    if (bad) throw badRequest(bad);
    await self.forgotPass(req.body);
    return null;
  });

  route(app, AccountCalls.updatePass, {}, (req) => self.updatePass(userOf(req), req.body));
  route(app, AccountCalls.init, {}, async (req) => {
    await self.init(userOf(req), req.body);
    return null;
  });
  route(app, AccountCalls.update, {}, async (req) => {
    await self.update(userOf(req), req.body);
    return null;
  });
  route(app, AccountCalls.profile, {}, (req) => self.profile(userOf(req)));
}
