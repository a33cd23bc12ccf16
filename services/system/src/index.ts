import type { Service } from '@exam/server-kit';
import { accountRoutes } from './account/account-routes';
import { selfRoutes } from './account/self-routes';
import { smsRoutes } from './sms/sms-routes';
import { ucRoutes } from './uc/uc-routes';
import { configRoutes } from './config/config-routes';
import { menuRoutes } from './menu/menu-routes';
import { noticeRoutes } from './notice/notice-routes';
import { tmplRoutes } from './tmpl/tmpl-routes';
import { uploadRoutes } from './upload/upload-routes';
import { userRoutes } from './user/user-routes';
import { departRoutes } from './depart/depart-routes';
import { roleRoutes } from './role/role-routes';
import { groupRoutes } from './group/group-routes';
import { dicRoutes } from './dic/dic-routes';
import { oauthRoutes } from './oauth/oauth-routes';

export { seed } from './seed/seed';

/** The system service: accounts, organisation, access control, configuration (`/api/sys`, `/api/common`, `/api/notify`). */
export const systemService: Service = async (app) => {
  await app.register(accountRoutes);
  await app.register(selfRoutes);
  await app.register(smsRoutes);
  await app.register(ucRoutes);
  await app.register(menuRoutes);
  await app.register(configRoutes);
  await app.register(userRoutes);
  await app.register(departRoutes);
  await app.register(roleRoutes);
  await app.register(groupRoutes);
  await app.register(dicRoutes);
  await app.register(noticeRoutes);
  await app.register(tmplRoutes);
  await app.register(uploadRoutes);
  await app.register(oauthRoutes);
};
