import { Calls, UserCalls } from '@exam/contracts';
import { faceService, ordersOf, pageQuery, readUpload, route, schema, sendXlsx, useMultipart, userOf } from '@exam/server-kit';
import { and, count as countRows, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requireSaveGrant, saveTags, USER_PICKERS } from '../role/grants';
import { bindRoutes } from './bind-routes';
import { toUserRow, userRows, userWhere } from './user-repository';
import { createUserService } from './user-service';
import { exportUsers, importTemplate, importUsers } from './user-xlsx';

const MAX_EXPORT_ROWS = 50_000;

export async function userRoutes(app: FastifyInstance) {
  const { sysUser, sysUserMsg } = schema;
  const users = createUserService({ db: app.db, sessions: app.sessions, faces: faceService({ db: app.db, dataDir: app.config.dataDir }) });
  await useMultipart(app);
  await app.register(bindRoutes);

  // The user picker serves group membership and exams opened to named people too.
  route(app, UserCalls.paging, { permission: USER_PICKERS }, async (req) => {
    const cond = userWhere(app.db, req.body.params);
    return pageQuery(
      req.body,
      async (limit, offset) =>
        (await userRows(app.db).where(cond)
          .orderBy(...ordersOf(req.body, { createTime: sysUser.createTime, userName: sysUser.userName }, [desc(sysUser.createTime), desc(sysUser.id)]))
          .limit(limit).offset(offset)).map(toUserRow),
      async () => Number((await app.db.select({ n: countRows() }).from(sysUser).where(cond))[0].n),
    );
  });

  route(app, UserCalls.detail, { permission: 'sys:user:list' }, async (req) => users.detail(req.body.id));
  route(app, UserCalls.save, { permission: saveTags('sys:user') }, async (req) => {
    requireSaveGrant(req.user, req.body.id, 'sys:user');
    return users.save(req.body, userOf(req));
  });
  route(app, UserCalls.remove, { permission: 'sys:user:delete' }, async (req) => (await users.remove(req.body.ids, userOf(req)), null));
  route(app, UserCalls.state, { permission: 'sys:user:state' }, async (req) => (await users.setState(req.body.ids, req.body.state, userOf(req)), null));
  route(app, UserCalls.batchDept, { permission: 'sys:user:update' }, async (req) => (await users.batchDept(req.body.ids, req.body.deptCode, userOf(req)), null));
  route(app, UserCalls.batchRole, { permission: 'sys:user:update' }, async (req) => (await users.batchRole(req.body.ids, req.body.roles, userOf(req)), null));
  route(app, UserCalls.batchExpire, { permission: 'sys:user:update' }, async (req) => (await users.batchExpire(req.body.ids, req.body.expireTime, userOf(req)), null));
  route(app, UserCalls.resetPass, { permission: 'sys:user:reset-pass' }, async (req) => (await users.resetPass(req.body.ids, req.body.password, userOf(req)), null));

  // Downloads answer the file itself; errors still leave as the JSON envelope (spec admin §8).
  app.post<{ Body: { params?: object } }>(
    UserCalls.export.url,
    { schema: { body: UserCalls.export.body }, config: { permission: 'sys:user:export' } },
    async (req, reply) => {
      const cond = userWhere(app.db, req.body.params as never);
      const rows = (await userRows(app.db).where(cond).orderBy(desc(sysUser.createTime)).limit(MAX_EXPORT_ROWS)).map(toUserRow);
      return sendXlsx(reply, '用户.xlsx', await exportUsers(rows));
    },
  );
  app.post(UserCalls.importTemplate.url, { config: { permission: 'sys:user:import' } }, async (_req, reply) =>
    sendXlsx(reply, '用户导入模板.xlsx', await importTemplate(app.db)),
  );
  app.post(UserCalls.import.url, { config: { permission: 'sys:user:import' } }, async (req) => {
    const file = await readUpload(req, { maxBytes: 5 * 1024 * 1024, exts: ['xlsx'], badType: '只能导入 .xlsx 文件！' });
    const n = await importUsers(app.db, file.data, userOf(req));
    return { code: 0, msg: `成功导入 ${n} 个用户！`, data: { count: n, errors: [] }, success: true };
  });

  route(app, Calls.countUnread, {}, async (req) => {
    const me = userOf(req);
    const [r] = await app.db.select({ n: countRows() }).from(sysUserMsg).where(and(eq(sysUserMsg.userId, me.id), eq(sysUserMsg.readFlag, false)));
    return Number(r.n);
  });
}
