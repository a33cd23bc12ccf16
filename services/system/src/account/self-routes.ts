import { AccountCalls, Calls } from '@exam/contracts';
import { route, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { smsCodesOf } from '../sms/sms-of';
import { createCaptchas } from './captcha';
import { createSelfService } from './self-service';

/** Registration, forgotten password and the signed-in user's own account (self-service.ts; spec admin §2, §4, §7). */
export async function selfRoutes(app: FastifyInstance) {
  const self = createSelfService({
    db: app.db,
    kv: app.infra.kv,
    sessions: app.sessions,
    sms: smsCodesOf(app),
    captchas: createCaptchas(app.infra.kv),
  });

  route(app, AccountCalls.regOptions, { auth: 'public' }, () => self.regOptions());
  route(app, AccountCalls.reg, { auth: 'public' }, (req) => self.register(req.body));
  route(app, AccountCalls.forgotPass, { auth: 'public' }, async (req) => {
    await self.forgotPass(req.body);
    return null;
  });

  route(app, Calls.info, {}, (req) => self.info(userOf(req), req.token!));
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
