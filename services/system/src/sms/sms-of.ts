import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createSmsCodes, type SmsCodes } from './sms-codes';
import { createSmsProvider, type SmsProvider } from './sms-provider';

// Keyed by the app's infra object: every encapsulated child plugin of one app shares it.
const perApp = new WeakMap<object, SmsCodes>();
const providers = new WeakMap<object, SmsProvider>();

function providerOf(app: FastifyInstance): SmsProvider {
  let p = providers.get(app.infra);
  if (!p) {
    p = createSmsProvider(process.env, app.log, app.config.dataDir, app.config.smsOutbox);
    providers.set(app.infra, p);
  }
  return p;
}

/** One code store and provider per app, shared by the sending route and every route that checks a code. */
export function smsCodesOf(app: FastifyInstance): SmsCodes {
  let codes = perApp.get(app.infra);
  if (!codes) {
    codes = createSmsCodes({ kv: app.infra.kv, provider: providerOf(app) });
    perApp.set(app.infra, codes);
  }
  return codes;
}

/**
 * Without an SMS provider (the embedded demo) nothing can reach a phone, and browser tests cannot read an
 * image: with CAPTCHA_OUTBOX=1 (set only by the end-to-end test server) captcha answers go to the same local
 * outbox file as the codes. Nothing else ever writes them.
 */
export function outboxCaptchaHook(app: FastifyInstance) {
  if (process.env.CAPTCHA_OUTBOX !== '1' || providerOf(app).kind !== 'outbox' || app.config.dataDir === ':memory:')
    return undefined;
  const file = path.join(app.config.dataDir, 'sms-outbox.log');
  return async (captchaKey: string, text: string) => {
    await appendFile(file, `${JSON.stringify({ captchaKey, captcha: text, time: Date.now() })}\n`).catch(
      () => undefined,
    );
  };
}
