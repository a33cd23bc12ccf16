import type { Service } from '@exam/server-kit';
import { accountRoutes } from './account/account-routes';
import { configRoutes } from './config/config-routes';
import { menuRoutes } from './menu/menu-routes';
import { noticeRoutes } from './notice/notice-routes';
import { userRoutes } from './user/user-routes';

export { seed } from './seed/seed';

/** The system service: accounts, organisation, access control, configuration (`/api/sys`, `/api/common`, `/api/notify`). */
export const systemService: Service = async (app) => {
  await app.register(accountRoutes);
  await app.register(menuRoutes);
  await app.register(configRoutes);
  await app.register(userRoutes);
  await app.register(noticeRoutes);
};
