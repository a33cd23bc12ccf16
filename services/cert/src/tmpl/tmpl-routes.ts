import { CertTmplCalls } from '@exam/contracts';
import { route } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import type { CertFiles } from '../files/cert-files';
import { tmplService } from './tmpl-service';

/** Certificate templates (`/api/cert/tmpl/*`, tmpl-service.ts). */
export async function tmplRoutes(app: FastifyInstance, { files }: { files: CertFiles }) {
  const tmpls = tmplService({ db: app.db, files });

  route(app, CertTmplCalls.paging, { permission: 'cert:tmpl:list' }, (req) => tmpls.page(req.body));
  route(app, CertTmplCalls.detail, { permission: 'cert:tmpl:list' }, (req) => tmpls.detail(req.body.id));
  route(app, CertTmplCalls.save, { permission: ['cert:tmpl:add', 'cert:tmpl:update'] }, (req) => tmpls.save(req.body));
  route(
    app,
    CertTmplCalls.remove,
    { permission: 'cert:tmpl:delete' },
    async (req) => (await tmpls.remove(req.body.ids), null),
  );
}
