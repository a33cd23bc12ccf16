import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../errors';
import type { AuthUser } from '../session';
import { WS_TOKEN_PROTOCOL } from '@exam/contracts';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    token: string | null;
  }
  interface FastifyContextConfig {
    /** 'user' (default): a session is required; 'optional': read it if present; 'public': never read. */
    auth?: 'user' | 'optional' | 'public';
    /** The user needs any one of these permission tags (menu permissionTag). */
    permission?: string | string[];
  }
}

/** Every /api route is signed-in only unless it says otherwise, and declares the permission it needs. */
export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorateRequest('token', null);
    app.addHook('onRequest', async (req) => {
      const cfg = req.routeOptions.config ?? {};
      const mode = cfg.auth ?? 'user';
      if (mode === 'public' || !req.routeOptions.url) return;
      if (req.ws) assertSameOrigin(req.headers.origin, req.headers.host);
      const token = tokenOf(req);
      const user = token ? await app.sessions.resolve(token) : null;
      if (user) {
        req.user = user;
        req.token = token;
      } else if (mode === 'user') {
        throw unauthorized();
      }
      if (cfg.permission) {
        const need = Array.isArray(cfg.permission) ? cfg.permission : [cfg.permission];
        if (!req.user || !need.some((p) => req.user!.permissions.includes(p))) throw forbidden();
      }
    });
  },
  { name: 'auth', dependencies: ['core', 'websocket'] },
);

const valid = (t: unknown): t is string => typeof t === 'string' && t.length > 0 && t.length <= 128;

/**
 * The `token` header; browsers cannot set headers on a websocket handshake, so an upgrade carries it in
 * `Sec-WebSocket-Protocol` (`token, <token>`). Never from the URL (it would reach logs) nor from cookies
 * (a cookie would invite cross-site use).
 */
function tokenOf(req: FastifyRequest): string | null {
  if (valid(req.headers.token)) return req.headers.token;
  if (!req.ws) return null;
  const t = protocolToken(req.headers['sec-websocket-protocol']);
  return valid(t) ? t : null;
}

/** Websockets are not covered by CORS: a page of another site must not open one with our cookie. */
function assertSameOrigin(origin: string | undefined, host: string | undefined) {
  if (!origin) return; // not a browser
  let originHost = '';
  try {
    originHost = new URL(origin).host;
  } catch {}
  if (originHost !== host) throw forbidden('不允许跨站连接！');
}

/** The signed-in user of a route that requires one. */
export function userOf(req: { user: AuthUser | null }): AuthUser {
  if (!req.user) throw unauthorized();
  return req.user;
}

/** The token of a websocket handshake's `Sec-WebSocket-Protocol: token, <token>`, or undefined. */
export function protocolToken(header: string | string[] | undefined): string | undefined {
  const parts = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((s) => s.trim());
  const i = parts.indexOf(WS_TOKEN_PROTOCOL);
  return i >= 0 ? parts[i + 1] : undefined;
}
