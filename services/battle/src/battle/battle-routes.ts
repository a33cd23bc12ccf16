import { BattleCalls, BattlePerm } from '@exam/contracts';
import { route, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { battleService } from './battle-service';

/** Battles as admins configure them (`/api/battle/*`, BattleList). */
export async function battleRoutes(app: FastifyInstance) {
  const svc = battleService({ db: app.db, bus: app.infra.bus });
  route(app, BattleCalls.paging, { permission: BattlePerm.LIST }, (req) => svc.paging(req.body));
  route(app, BattleCalls.detail, { permission: BattlePerm.LIST }, (req) => svc.detail(req.body.id));
  route(app, BattleCalls.save, { permission: [BattlePerm.ADD, BattlePerm.EDIT] }, (req) =>
    svc.save(req.body, userOf(req)),
  );
  route(app, BattleCalls.remove, { permission: BattlePerm.DELETE }, async (req) => {
    await svc.remove(req.body.ids);
    return null;
  });
  route(app, BattleCalls.state, { permission: BattlePerm.STATE }, async (req) => {
    await svc.state(req.body.ids, req.body.state);
    return null;
  });
}
