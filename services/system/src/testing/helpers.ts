import { schema } from '@exam/server-kit';
import { call } from '@exam/server-kit/testing';
import type { FastifyInstance } from 'fastify';
import { lastOutboxCode } from '../sms/outbox';

let n = 0;
/** A fresh graphic captcha and its answer, read from the server's store as only a test can. */
export async function solvedCaptcha(app: FastifyInstance) {
  const captchaKey = `test-captcha-${Date.now()}-${++n}`;
  await app.inject({ method: 'GET', url: `/api/common/captcha/gen?key=${captchaKey}` });
  return { captchaKey, captchaValue: (await app.infra.kv.get(`captcha:${captchaKey}`))! };
}

/** Asks for an SMS code and returns the reply and the code the outbox received. */
export async function requestSms(app: FastifyInstance, smsType: string, mobile: string, token?: string) {
  const res = await call(app, '/api/sys/user/sms', { smsType, mobile, ...(await solvedCaptcha(app)) }, token);
  return { res, code: res.status === 200 ? lastOutboxCode(mobile) : undefined };
}

/** Lets the next code for this mobile go out at once (the 60 s wait is tested on its own). */
export const skipResendWait = (app: FastifyInstance, mobile: string) => app.infra.kv.del(`sms:wait:${mobile}`);

export async function setSwitches(app: FastifyInstance, patch: Record<string, unknown>) {
  const [cfg] = await app.db.select().from(schema.sysConfig);
  await app.db.update(schema.sysConfig).set({ switchConfig: { ...cfg.switchConfig, ...patch } });
}
