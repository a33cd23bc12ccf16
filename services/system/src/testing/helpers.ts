import type { RouteNode } from '@exam/contracts';
import { schema } from '@exam/server-kit';
import { call, createTestApp, signIn } from '@exam/server-kit/testing';
import type { FastifyInstance } from 'fastify';
import { seed, systemService } from '../index';
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

export const namesOf = (nodes: RouteNode[]): string[] => nodes.flatMap((n) => [n.name, ...namesOf(n.children ?? [])]);

/**
 * The system service on its first-start data with the demo admin and learner signed in, for tests of the menus a
 * module brings: the route names a terminal offers, a module switched from the settings page, a user's tags.
 */
export async function menuTestApp() {
  const app = await createTestApp({ services: [systemService], seeds: [seed] });
  const [admin, learner] = await Promise.all([
    signIn(app, 'admin', 'Admin@2026'),
    signIn(app, 'learner', 'Learner@2026'),
  ]);
  return {
    app,
    admin,
    learner,
    routeNames: async (token: string, terminal: 'admin' | 'web') =>
      namesOf((await call(app, '/api/sys/menu/routes', { terminal }, token)).body.data),
    async switchModule(key: string, on: boolean) {
      const detail = (await call(app, '/api/sys/config/switch/detail', {}, admin)).body.data;
      return call(app, '/api/sys/config/switch/save', { ...detail, [key]: on }, admin);
    },
    permissions: async (token: string) =>
      (await call(app, '/api/sys/user/info', {}, token)).body.data.permissions as string[],
  };
}
export type MenuTestApp = Awaited<ReturnType<typeof menuTestApp>>;
