import type { Service } from '@exam/server-kit';
import { socketRoutes } from './socket/socket-routes';
import { statRoutes } from './stat/stat-routes';
import { watchRoutes } from './watch/watch-routes';

/** The watch service: live proctoring, sockets and statistics (`/api/exam/watch`, `/api/socket`, `/api/stat`). */
export const watchService: Service = async (app) => {
  await app.register(statRoutes);
  await app.register(socketRoutes);
  await app.register(watchRoutes);
};
