import { CertKeyCalls, CertPerm } from '@exam/contracts';
import { route } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import type { KeyService } from './key-service';

const PERM = CertPerm.KEY_MANAGE;

/** The credential signing keys (`/api/cert/key/*`): list, rotate, retire; the private parts never leave. */
export async function keyRoutes(app: FastifyInstance, { keys }: { keys: KeyService }) {
  route(app, CertKeyCalls.list, { permission: PERM }, () => keys.list());
  route(app, CertKeyCalls.rotate, { permission: PERM }, () => keys.rotate());
  route(app, CertKeyCalls.retire, { permission: PERM }, async (req) => (await keys.retire(req.body.kid), null));
}
