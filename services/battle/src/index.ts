import { moduleGate, type Service } from '@exam/server-kit';
import { battleRoutes } from './battle/battle-routes';
import { clientRoutes } from './client/client-routes';
import { playRoutes } from './play/play-routes';
import { BATTLE_MODULE } from './play/play-service';
import { resultRoutes } from './result/result-routes';

export { seed } from './seed/seed';

/**
 * The battle service (`/api/battle`, `/api/socket/battle`): battles as admins configure them, matched rooms and hosted
 * contests played on the server's clock, leaderboards. It reads questions through the kit, never another service.
 */
export const battleService: Service = async (app) => {
  // 答题竞赛 switched off: every call of the service is refused (its menus are hidden by the system service).
  moduleGate(app, BATTLE_MODULE, '答题竞赛模块未开启！');
  await app.register(battleRoutes);
  await app.register(resultRoutes);
  await app.register(clientRoutes);
  await app.register(playRoutes);
};
