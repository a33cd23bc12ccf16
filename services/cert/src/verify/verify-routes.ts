import { CERT_JWKS_PATH, CertVerifyCalls } from '@exam/contracts';
import { route } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import type { verifyService } from './verify-service';

const PUBLIC = { auth: 'public' } as const;

/**
 * What anyone may ask without signing in (rate limited per address): a certificate by its code, a credential check,
 * and the documents credentials point at — the JWKS, the issuer profile and each credential's revocation list.
 */
export async function verifyRoutes(app: FastifyInstance, { verify }: { verify: ReturnType<typeof verifyService> }) {
  route(app, CertVerifyCalls.detail, PUBLIC, (req) => verify.detail(req.body.code, req.ip));
  route(app, CertVerifyCalls.credential, PUBLIC, (req) => verify.credential(req.body.jwt, req.ip));

  app.get(CERT_JWKS_PATH, { config: PUBLIC }, async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(await verify.jwks()),
  );
  app.get('/api/cert/issuer', { config: PUBLIC }, async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(await verify.issuer()),
  );
  app.get<{ Params: { code: string } }>('/api/cert/status/:code', { config: PUBLIC }, async (req, reply) =>
    reply.header('cache-control', 'no-cache').send(await verify.status(req.params.code, req.ip)),
  );
}
