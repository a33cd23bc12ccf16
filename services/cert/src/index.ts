import { jobQueue, moduleGate, type Service } from '@exam/server-kit';
import { siteName } from './badge/issuer-repository';
import { keyRoutes } from './badge/key-routes';
import { keyService } from './badge/key-service';
import { certFiles } from './files/cert-files';
import { workCertJobs } from './grant/grant-jobs';
import { grantRoutes } from './grant/grant-routes';
import { CERT_MODULE, grantService } from './grant/grant-service';
import { mineRoutes } from './grant/mine-routes';
import { ruleRoutes } from './rule/rule-routes';
import { tmplRoutes } from './tmpl/tmpl-routes';
import { verifyRoutes } from './verify/verify-routes';
import { verifyService } from './verify/verify-service';

export { seed } from './seed/seed';

/**
 * The certificate service (`/api/cert`, `/.well-known/jwks.json`): templates, grant rules, grants with their PDFs and
 * Open Badges credentials, public verification. It learns of passed papers and finished courses through the job queue.
 */
export const certService: Service = async (app) => {
  const { db } = app;
  // 证书管理 switched off: signed-in calls are refused (manual grants too); verification and the JWKS serve
  // certificates already issued; events of passed papers and finished courses are skipped (grant-service onEvents).
  moduleGate(app, CERT_MODULE, '证书模块未开启！');
  // Credentials, QR codes and verification links name the site's first public origin (SITE_URL).
  const origin = app.config.siteOrigins[0] ?? `http://localhost:${app.config.port}`;
  const jobs = jobQueue(db);
  const files = certFiles({ db, dataDir: app.config.dataDir });
  const keys = keyService({ db, origin });
  const grants = grantService({ db, files, jobs, keys, origin, log: (o, msg) => app.log.info(o, msg) });
  const verify = verifyService({ kv: app.infra.kv, keys, grants, origin, issuerName: () => siteName(db) });

  await app.register(tmplRoutes, { files, origin });
  await app.register(ruleRoutes);
  await app.register(grantRoutes, { grants });
  await app.register(mineRoutes, { grants });
  await app.register(verifyRoutes, { verify });
  await app.register(keyRoutes, { keys });

  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stop = workCertJobs(jobs, grants, { pollMs: 1000 });
  });
  // Before the database closes: the running jobs finish and any claim is handed back.
  app.addHook('preClose', async () => {
    await stop?.();
  });
};
