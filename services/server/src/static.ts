import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const REMOTES = ['mfe-system', 'mfe-repo', 'mfe-exam', 'mfe-course', 'mfe-watch'] as const;

/**
 * Where the shells find the remotes: given at run time, so a remote moves or ships on its own
 * without rebuilding a shell. `MFE_<NAME>_URL` overrides one remote's remoteEntry.js URL, `MFE_BASE` the folder.
 */
export function runtimeConfig(env: NodeJS.ProcessEnv = process.env) {
  const base = env.MFE_BASE ?? '/mfe/';
  const remotes = Object.fromEntries(
    REMOTES.map((pkg) => {
      const name = pkg.replace('-', '_');
      return [name, env[`${name.toUpperCase()}_URL`] ?? `${base}${pkg}/remoteEntry.js`];
    }),
  );
  return { apiBase: env.API_BASE ?? '', remotes };
}

/** Origins other than ours the runtime config points at (remotes, API): the CSP must admit them. */
export function remoteOrigins(cfg: ReturnType<typeof runtimeConfig>): string[] {
  const urls = [cfg.apiBase, ...Object.values(cfg.remotes)].filter((u) => /^https?:\/\//i.test(u));
  return [...new Set(urls.map((u) => new URL(u).origin))];
}

// Hashed build assets never change; entry files must be re-read on every deployment. Both come precompressed
// (.br/.gz written by the build, shared/shell/build/precompress.ts): @fastify/static picks one by Accept-Encoding,
// falls back to the plain file, and sends `Vary: Accept-Encoding` either way.
const NO_CACHE =
  /(^|\/)(index\.html|login\.html|mf-manifest\.json|mf-stats\.json|remoteEntry\.js|runtime-config\.json)$/;

/** A first visit to the login pages gets the shell's light login entry when it was built (shared/shell/build/login.ts). */
const LOGIN_PAGES = /^pages\/login(\/|$)/;
const entryFor = (rel: string, root: string) =>
  LOGIN_PAGES.test(rel) && existsSync(path.join(root, 'login.html')) ? 'login.html' : 'index.html';

function sendFrom(reply: FastifyReply, root: string, rel: string, spa: boolean) {
  const clean = rel.replace(/^\/+/, '');
  const file = path.join(root, clean);
  const isFile = file.startsWith(root) && existsSync(file) && statSync(file).isFile();
  if (!isFile) {
    // Deep links of a single-page shell get its index.html; a missing asset is a plain 404.
    if (!spa || path.extname(clean)) return reply.status(404).type('text/plain').send('Not Found');
    return reply.header('cache-control', 'no-cache').sendFile(entryFor(clean, root), root);
  }
  reply.header('cache-control', NO_CACHE.test(clean) ? 'no-cache' : 'public, max-age=31536000, immutable');
  return reply.sendFile(clean, root);
}

/**
 * Serves the built shells and remotes of the checkout at `root`: `/` learner shell, `/admin/` admin shell,
 * `/mfe/<pkg>/` remotes.
 */
export const staticSiteAt =
  (root: string): FastifyPluginAsync =>
  async (app: FastifyInstance) => {
    const dist = (pkg: string) => path.join(root, pkg, 'dist');
    await app.register(fastifyStatic, {
      root: dist('shell-web'),
      serve: false,
      cacheControl: false,
      preCompressed: true,
    });
    const pub = { config: { auth: 'public' as const } };

    app.get('/runtime-config.json', pub, async (_req, reply) => {
      reply.header('cache-control', 'no-cache');
      return runtimeConfig();
    });
    app.get<{ Params: { pkg: string; '*': string } }>('/mfe/:pkg/*', pub, async (req, reply) => {
      if (!(REMOTES as readonly string[]).includes(req.params.pkg))
        return reply.status(404).type('text/plain').send('Not Found');
      return sendFrom(reply, dist(req.params.pkg), req.params['*'], false);
    });
    app.get('/admin', pub, async (_req, reply) => reply.redirect('/admin/'));
    app.get<{ Params: { '*': string } }>('/admin/*', pub, async (req, reply) =>
      sendFrom(reply, dist('shell-admin'), req.params['*'], true),
    );
    app.get<{ Params: { '*': string } }>('/*', pub, async (req, reply) => {
      if (req.url.startsWith('/api/')) {
        return reply
          .status(404)
          .send({ code: 10010004, msg: `接口地址错误：GET ${req.url.split('?')[0]}`, data: null, success: false });
      }
      return sendFrom(reply, dist('shell-web'), req.params['*'], true);
    });
  };

/** This checkout's shells and remotes. */
export const staticSite = staticSiteAt(ROOT);
