import { Code, UserCalls } from '@exam/contracts';
import { faceService, readUpload, route, sendXlsx, useMultipart, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { saveTags, USER_PICKERS } from '../role/grants';
import { bindRoutes } from './bind-routes';
import type { UserParams } from './user-repository';
import { createUserService } from './user-service';

/** Users as the admin manages them (user-service.ts), their bindings (bind-routes.ts) and the xlsx import and export. */
export async function userRoutes(app: FastifyInstance) {
  const users = createUserService({
    db: app.db,
    sessions: app.sessions,
    faces: faceService({ db: app.db, dataDir: app.config.dataDir }),
  });
  await useMultipart(app);
  await app.register(bindRoutes);

  // The user picker serves group membership and exams opened to named people too.
  route(app, UserCalls.paging, { permission: USER_PICKERS }, (req) => users.page(req.body));
  route(app, UserCalls.detail, { permission: 'sys:user:list' }, async (req) => users.detail(req.body.id));
  route(app, UserCalls.save, { permission: saveTags('sys:user') }, async (req) => users.save(req.body, userOf(req)));
  route(
    app,
    UserCalls.remove,
    { permission: 'sys:user:delete' },
    async (req) => (await users.remove(req.body.ids, userOf(req)), null),
  );
  route(
    app,
    UserCalls.state,
    { permission: 'sys:user:state' },
    async (req) => (await users.setState(req.body.ids, req.body.state, userOf(req)), null),
  );
  route(
    app,
    UserCalls.batchDept,
    { permission: 'sys:user:update' },
    async (req) => (await users.batchDept(req.body.ids, req.body.deptCode, userOf(req)), null),
  );
  route(
    app,
    UserCalls.batchRole,
    { permission: 'sys:user:update' },
    async (req) => (await users.batchRole(req.body.ids, req.body.roles, userOf(req)), null),
  );
  route(
    app,
    UserCalls.batchExpire,
    { permission: 'sys:user:update' },
    async (req) => (await users.batchExpire(req.body.ids, req.body.expireTime, userOf(req)), null),
  );
  route(
    app,
    UserCalls.resetPass,
    { permission: 'sys:user:reset-pass' },
    async (req) => (await users.resetPass(req.body.ids, req.body.password, userOf(req)), null),
  );

  // Downloads answer the file itself; errors still leave as the JSON envelope (spec admin §8).
  app.post<{ Body: { params?: object } }>(
    UserCalls.export.url,
    { schema: { body: UserCalls.export.body }, config: { permission: 'sys:user:export' } },
    async (req, reply) =>
      sendXlsx(reply, '用户.xlsx', await users.exportXlsx(req.body.params as UserParams | undefined)),
  );
  app.post(UserCalls.importTemplate.url, { config: { permission: 'sys:user:import' } }, async (_req, reply) =>
    sendXlsx(reply, '用户导入模板.xlsx', await users.importTemplate()),
  );
  app.post(UserCalls.import.url, { config: { permission: 'sys:user:import' } }, async (req) => {
    const file = await readUpload(req, { maxBytes: 5 * 1024 * 1024, exts: ['xlsx'], badType: '只能导入 .xlsx 文件！' });
    const n = await users.importXlsx(file.data, userOf(req));
    return { code: Code.OK, msg: `成功导入 ${n} 个用户！`, data: { count: n, errors: [] }, success: true };
  });
}
