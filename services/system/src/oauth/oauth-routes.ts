import { Code, OAUTH_CALLBACK_PATH, OAUTH_TYPES, OauthCalls } from '@exam/contracts';
import { route } from '@exam/server-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loginServiceOf } from '../account/account-routes';
import { STATE_TTL_SEC } from './oauth-state';
import { oauthService } from './oauth-service';

/** The cookie that ties a state to the browser that started the flow; sent back only to the callback. */
const NONCE_COOKIE = 'exam_oauth_nonce';

const cookieOf = (req: FastifyRequest, name: string) =>
  (req.headers.cookie ?? '')
    .split(';')
    .map((c) => c.trim().split('='))
    .find(([k]) => k === name)?.[1] ?? '';
const str = (v: unknown, max = 512) => (typeof v === 'string' && v.length <= max ? v : '');

/** Third-party sign-in and binding (WeChat, WeCom, DingTalk): see oauth-service.ts. */
export async function oauthRoutes(app: FastifyInstance) {
  const oauth = oauthService({
    db: app.db,
    kv: app.infra.kv,
    logins: loginServiceOf(app),
    siteOrigins: app.config.siteOrigins,
    log: (msg) => app.log.warn(msg),
  });

  route(app, OauthCalls.providers, { auth: 'public' }, () => oauth.providers());

  route(app, OauthCalls.start, { auth: 'optional' }, async (req, reply) => {
    const { url, nonce, secure } = await oauth.start(req.body, {
      userId: req.user?.id,
      ip: req.ip,
      userAgent: req.headers['user-agent'],
    });
    // Lax: the provider's top-level redirect back carries it; HttpOnly: no script of any page reads it.
    reply.header(
      'set-cookie',
      `${NONCE_COOKIE}=${nonce}; Path=${OAUTH_CALLBACK_PATH}; Max-Age=${STATE_TTL_SEC}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
    );
    return { url };
  });

  route(app, OauthCalls.ticket, { auth: 'public' }, async (req) => ({ token: await oauth.redeem(req.body.ticket) }));

  // The provider's redirect: a browser navigation, so every outcome is a redirect to a page that explains it.
  app.get<{ Params: { type: string }; Querystring: Record<string, unknown> }>(
    `${OAUTH_CALLBACK_PATH}/:type`,
    { config: { auth: 'public' } },
    async (req, reply) => {
      const type = OAUTH_TYPES.find((t) => t === req.params.type);
      if (!type)
        return reply
          .code(404)
          .send({ code: Code.NOT_FOUND, msg: '数据不存在或已被删除！', data: null, success: false });
      const q = req.query;
      const location = await oauth.callback({
        type,
        state: str(q.state, 128),
        code: str(q.code) || str(q.authCode),
        nonce: cookieOf(req, NONCE_COOKIE),
        ip: req.ip,
      });
      // The nonce has done its work either way; the state it guarded is gone.
      reply.header('set-cookie', `${NONCE_COOKIE}=; Path=${OAUTH_CALLBACK_PATH}; Max-Age=0; HttpOnly; SameSite=Lax`);
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return reply.redirect(location, 302);
    },
  );
}
