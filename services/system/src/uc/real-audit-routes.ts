import { UcCalls } from '@exam/contracts';
import { route } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import type { RealService } from './real-service';

/** Administrators review pending real-name requests (real-service.ts). */
export async function realAuditRoutes(app: FastifyInstance, { real }: { real: RealService }) {
  route(app, UcCalls.realPaging, { permission: 'sys:user:update' }, (req) => real.page(req.body));
  route(app, UcCalls.realAudit, { permission: 'sys:user:update' }, async (req) => {
    await real.audit(req.body);
    return null;
  });
}
