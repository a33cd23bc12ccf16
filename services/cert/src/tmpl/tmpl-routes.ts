import { type BodyOf, CertPerm, CertTmplCalls } from '@exam/contracts';
import { attachmentDisposition, route } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import type { CertFiles } from '../files/cert-files';
import { tmplService } from './tmpl-service';

/** Certificate templates (`/api/cert/tmpl/*`, tmpl-service.ts). */
export async function tmplRoutes(app: FastifyInstance, { files, origin }: { files: CertFiles; origin: string }) {
  const tmpls = tmplService({ db: app.db, files, origin });

  route(app, CertTmplCalls.paging, { permission: CertPerm.TMPL_LIST }, (req) => tmpls.page(req.body));
  route(app, CertTmplCalls.detail, { permission: CertPerm.TMPL_LIST }, (req) => tmpls.detail(req.body.id));
  route(app, CertTmplCalls.save, { permission: [CertPerm.TMPL_ADD, CertPerm.TMPL_UPDATE] }, (req) =>
    tmpls.save(req.body),
  );
  route(
    app,
    CertTmplCalls.remove,
    { permission: CertPerm.TMPL_DELETE },
    async (req) => (await tmpls.remove(req.body.ids), null),
  );
  app.post<{ Body: BodyOf<typeof CertTmplCalls.preview> }>(
    CertTmplCalls.preview.url,
    { schema: { body: CertTmplCalls.preview.body }, config: { permission: [CertPerm.TMPL_ADD, CertPerm.TMPL_UPDATE] } },
    async (req, reply) =>
      reply
        .type('application/pdf')
        .header('content-disposition', attachmentDisposition('证书预览.pdf'))
        .header('cache-control', 'private, no-store')
        .send(await tmpls.preview(req.body)),
  );
}
