import { type BodyOf, CertTmplCalls } from '@exam/contracts';
import { attachmentDisposition, route } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import type { CertFiles } from '../files/cert-files';
import { tmplService } from './tmpl-service';

/** Certificate templates (`/api/cert/tmpl/*`, tmpl-service.ts). */
export async function tmplRoutes(app: FastifyInstance, { files, origin }: { files: CertFiles; origin: string }) {
  const tmpls = tmplService({ db: app.db, files, origin });

  route(app, CertTmplCalls.paging, { permission: 'cert:tmpl:list' }, (req) => tmpls.page(req.body));
  route(app, CertTmplCalls.detail, { permission: 'cert:tmpl:list' }, (req) => tmpls.detail(req.body.id));
  route(app, CertTmplCalls.save, { permission: ['cert:tmpl:add', 'cert:tmpl:update'] }, (req) => tmpls.save(req.body));
  route(
    app,
    CertTmplCalls.remove,
    { permission: 'cert:tmpl:delete' },
    async (req) => (await tmpls.remove(req.body.ids), null),
  );
  app.post<{ Body: BodyOf<typeof CertTmplCalls.preview> }>(
    CertTmplCalls.preview.url,
    { schema: { body: CertTmplCalls.preview.body }, config: { permission: ['cert:tmpl:add', 'cert:tmpl:update'] } },
    async (req, reply) =>
      reply
        .type('application/pdf')
        .header('content-disposition', attachmentDisposition('证书预览.pdf'))
        .header('cache-control', 'private, no-store')
        .send(await tmpls.preview(req.body)),
  );
}
