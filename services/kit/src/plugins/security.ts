import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import CSP from './csp.json' with { type: 'json' };

/** Directives that also admit the remotes' origins (scripts, styles, manifests, fonts, images they load). */
const FOR_REMOTES = ['script-src', 'style-src', 'img-src', 'media-src', 'font-src', 'connect-src', 'worker-src'];

/**
 * The Content-Security-Policy of every page and call (docs/decisions.md, headers): no inline script,
 * only our origin plus the remotes' (`origins`, from the runtime config); WebAssembly for the face
 * models; blob: workers and media (pdf.js, players); images and media from any https storage. The
 * directive table (`csp.json`) is shared with the nginx gateway.
 */
export function cspDirectives(origins: readonly string[] = []): Record<string, string[]> {
  const extra = [...new Set(origins)];
  return Object.fromEntries(
    Object.entries(CSP).map(([k, v]) => [k, FOR_REMOTES.includes(k) ? [...v, ...extra] : [...v]]),
  );
}

export const HSTS = 'max-age=15552000; includeSubDomains';

export type SecurityOptions = { origins?: readonly string[] };

/**
 * Security headers through @fastify/helmet on every reply (pages, calls, errors, 404s): CSP with
 * `frame-ancestors 'none'`, X-Frame-Options DENY, nosniff, a referrer policy that sends other sites
 * our origin only. HSTS only on https (as the gateway reports it): over plain http it would be ignored.
 */
export const securityPlugin = fp<SecurityOptions>(
  async (app, opts) => {
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(opts.origins) },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Remotes may be served to shells on another origin of the same site.
      crossOriginResourcePolicy: { policy: 'same-site' },
      strictTransportSecurity: false,
    });
    app.addHook('onSend', async (req, reply) => {
      if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
    });
  },
  { name: 'security' },
);
