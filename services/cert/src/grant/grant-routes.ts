import { CertGrantCalls, type CertGrantParams, CertPerm } from '@exam/contracts';
import { attachmentDisposition, route, sendXlsx } from '@exam/server-kit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { GrantService } from './grant-service';

/** A certificate PDF as the download itself (errors still leave as the JSON envelope). */
export const sendPdf = (reply: FastifyReply, pdf: { bytes: Buffer; fileName: string }) =>
  reply
    .type('application/pdf')
    .header('content-disposition', attachmentDisposition(pdf.fileName))
    .header('cache-control', 'private, no-store')
    .send(pdf.bytes);

/** Granted certificates as the admin manages them (`/api/cert/grant/*`, grant-service.ts). */
export async function grantRoutes(app: FastifyInstance, { grants }: { grants: GrantService }) {
  route(app, CertGrantCalls.paging, { permission: CertPerm.GRANT_LIST }, (req) => grants.page(req.body));
  route(
    app,
    CertGrantCalls.revoke,
    { permission: CertPerm.GRANT_REVOKE },
    async (req) => (await grants.revoke(req.body.id, req.body.reason), null),
  );
  route(
    app,
    CertGrantCalls.reissue,
    { permission: CertPerm.GRANT_REISSUE },
    async (req) => (await grants.reissue(req.body.id), null),
  );
  route(app, CertGrantCalls.manual, { permission: CertPerm.GRANT_ADD }, (req) => grants.manual(req.body));

  app.post<{ Body: { params?: CertGrantParams } }>(
    CertGrantCalls.export.url,
    { schema: { body: CertGrantCalls.export.body }, config: { permission: CertPerm.GRANT_EXPORT } },
    async (req, reply) => sendXlsx(reply, '证书发放记录.xlsx', await grants.exportXlsx(req.body.params)),
  );
  app.post<{ Body: { id: string } }>(
    CertGrantCalls.pdf.url,
    { schema: { body: CertGrantCalls.pdf.body }, config: { permission: CertPerm.GRANT_LIST } },
    async (req, reply) => sendPdf(reply, await grants.adminPdf(req.body.id)),
  );
}
