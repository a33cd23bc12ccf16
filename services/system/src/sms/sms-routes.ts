import { AccountCalls } from '@exam/contracts';
import { route } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { createCaptchas } from '../account/captcha';
import { smsCodesOf } from './sms-of';
import { smsService } from './sms-service';

/** `/api/sys/user/sms` (sms-service.ts). */
export async function smsRoutes(app: FastifyInstance) {
  const sms = smsService({ db: app.db, captchas: createCaptchas(app.infra.kv), codes: smsCodesOf(app) });

  route(app, AccountCalls.sms, { auth: 'optional' }, async (req) => {
    await sms.send(req.body, req.user, req.ip);
    return null;
  });
}
