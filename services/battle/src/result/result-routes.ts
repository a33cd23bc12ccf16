import { BattleCalls, BattlePerm } from '@exam/contracts';
import { route, sendXlsx } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { resultService } from './result-service';

/** A battle's results for the admin (`/api/battle/round/paging`, rank, qu-stat, export; BattleResult). */
export async function resultRoutes(app: FastifyInstance) {
  const results = resultService({ db: app.db });
  route(app, BattleCalls.rounds, { permission: BattlePerm.RESULT }, (req) => results.rounds(req.body));
  route(app, BattleCalls.rank, { permission: BattlePerm.RESULT }, (req) => results.adminRank(req.body));
  route(app, BattleCalls.quStat, { permission: BattlePerm.RESULT }, (req) => results.quStat(req.body));
  // The sheet itself (errors still leave as the JSON envelope).
  app.post<{ Body: { battleId: string } }>(
    BattleCalls.export.url,
    { schema: { body: BattleCalls.export.body }, config: { permission: BattlePerm.EXPORT } },
    async (req, reply) => {
      const { fileName, data } = await results.exportXlsx(req.body.battleId);
      return sendXlsx(reply, fileName, data);
    },
  );
}
