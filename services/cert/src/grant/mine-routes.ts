import { CertMineCalls } from '@exam/contracts';
import { route, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { sendPdf } from './grant-routes';
import type { GrantService } from './grant-service';

/** A learner's own certificates (`/api/cert/mine/*`): every id is checked against the signed-in user. */
export async function mineRoutes(app: FastifyInstance, { grants }: { grants: GrantService }) {
  route(app, CertMineCalls.paging, {}, (req) => grants.minePage(req.body, userOf(req).id));
  route(app, CertMineCalls.credential, {}, (req) => grants.mineCredential(req.body.id, userOf(req).id));
  app.post<{ Body: { id: string } }>(
    CertMineCalls.pdf.url,
    { schema: { body: CertMineCalls.pdf.body } },
    async (req, reply) => sendPdf(reply, await grants.minePdf(req.body.id, userOf(req).id)),
  );
}
