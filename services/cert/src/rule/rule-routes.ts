import { CertPerm, CertRuleCalls } from '@exam/contracts';
import { route } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { ruleService } from './rule-service';

/** Grant rules (`/api/cert/rule/*`, rule-service.ts). */
export async function ruleRoutes(app: FastifyInstance) {
  const rules = ruleService({ db: app.db });

  route(app, CertRuleCalls.paging, { permission: CertPerm.RULE_LIST }, (req) => rules.page(req.body));
  route(app, CertRuleCalls.save, { permission: [CertPerm.RULE_ADD, CertPerm.RULE_UPDATE] }, (req) =>
    rules.save(req.body),
  );
  route(
    app,
    CertRuleCalls.remove,
    { permission: CertPerm.RULE_DELETE },
    async (req) => (await rules.remove(req.body.ids), null),
  );
}
