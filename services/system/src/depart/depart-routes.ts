import { DepartCalls } from '@exam/contracts';
import { badRequest, conflict, newId, notFound, route, schema } from '@exam/server-kit';
import { asc, count, eq, inArray, like, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requireSaveGrant, saveTags } from '../role/grants';
import { buildTree, moveAmongSiblings } from './tree';

/** Departments (spec admin §2, §7): a tree whose codes nest like A01, A01A02, so prefixes select subtrees. */
export async function departRoutes(app: FastifyInstance) {
  const { sysDepart, sysUser } = schema;
  const all = () => app.db.select().from(sysDepart).orderBy(asc(sysDepart.sort), asc(sysDepart.id));

  // Anyone signed in may read the tree: forms, pickers and registration choose departments from it.
  route(app, DepartCalls.tree, {}, async () =>
    buildTree(await all(), (d) => ({ id: d.id, parentId: d.parentId, deptName: d.deptName, deptCode: d.deptCode, sort: d.sort })),
  );
  route(app, DepartCalls.treeSelect, {}, async () => buildTree(await all(), (d) => ({ id: d.id, value: d.deptCode, title: d.deptName })));

  route(app, DepartCalls.detail, { permission: 'sys:depart:list' }, async (req) => {
    const [d] = await app.db.select().from(sysDepart).where(eq(sysDepart.id, req.body.id));
    if (!d) throw notFound('部门不存在或已被删除！');
    return { id: d.id, parentId: d.parentId, deptName: d.deptName, deptCode: d.deptCode, sort: d.sort };
  });

  route(app, DepartCalls.save, { permission: saveTags('sys:depart') }, async (req) => {
    const name = req.body.deptName.trim();
    if (!name) throw badRequest('部门名称不能为空！');
    requireSaveGrant(req.user, req.body.id, 'sys:depart');
    if (req.body.id) {
      // Only the name changes: moving a department would recode it and every user under it.
      const [d] = await app.db.update(sysDepart).set({ deptName: name }).where(eq(sysDepart.id, req.body.id)).returning();
      if (!d) throw notFound('部门不存在或已被删除！');
      return { id: d.id, deptCode: d.deptCode };
    }
    const parentId = req.body.parentId;
    return app.db.transaction(async (tx) => {
      let prefix = '';
      if (parentId !== '0') {
        const [p] = await tx.select().from(sysDepart).where(eq(sysDepart.id, parentId));
        if (!p) throw badRequest('上级部门不存在！');
        prefix = p.deptCode;
      }
      const sibs = await tx.select({ code: sysDepart.deptCode, sort: sysDepart.sort }).from(sysDepart).where(eq(sysDepart.parentId, parentId));
      const used = sibs.map((s) => Number(s.code.slice(prefix.length).match(/^A(\d{2})$/)?.[1] ?? 0));
      const next = Math.max(0, ...used) + 1;
      if (next > 99) throw badRequest('同级部门最多99个！');
      const deptCode = `${prefix}A${String(next).padStart(2, '0')}`;
      const id = newId();
      const sort = Math.max(0, ...sibs.map((s) => s.sort)) + 1;
      await tx.insert(sysDepart).values({ id, parentId, deptName: name, deptCode, sort }).catch(() => {
        throw conflict('部门编码冲突，请重试！');
      });
      return { id, deptCode };
    });
  });

  route(app, DepartCalls.remove, { permission: 'sys:depart:delete' }, async (req) => {
    const rows = await app.db.select().from(sysDepart).where(inArray(sysDepart.id, req.body.ids));
    if (rows.length !== new Set(req.body.ids).size) throw notFound('部门不存在或已被删除！');
    const [kids] = await app.db.select({ n: count() }).from(sysDepart).where(inArray(sysDepart.parentId, req.body.ids));
    if (Number(kids.n) > 0) throw badRequest('部门下还有子部门，请先删除子部门！');
    const [users] = await app.db.select({ n: count() }).from(sysUser).where(or(...rows.map((d) => like(sysUser.deptCode, `${d.deptCode}%`))));
    if (Number(users.n) > 0) throw badRequest('部门下还有用户，请先移走用户！');
    await app.db.delete(sysDepart).where(inArray(sysDepart.id, req.body.ids));
    return null;
  });

  route(app, DepartCalls.sort, { permission: 'sys:depart:update' }, async (req) => {
    await app.db.transaction((tx) => moveAmongSiblings(tx, sysDepart, req.body.id, req.body.sort));
    return null;
  });
}
