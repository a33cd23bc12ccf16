import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../errors';
import type { AuthUser } from '../session';

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
      const raw = req.headers.token;
      const token = typeof raw === 'string' && raw.length > 0 && raw.length <= 128 ? raw : null;
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
  { name: 'auth', dependencies: ['core'] },
);

/** The signed-in user of a route that requires one. */
export function userOf(req: { user: AuthUser | null }): AuthUser {
  if (!req.user) throw unauthorized();
  return req.user;
}
