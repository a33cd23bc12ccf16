import { DicCalls } from '@exam/contracts';
import { badRequest, conflict, contains, newId, notFound, pageQuery, route, schema } from '@exam/server-kit';
import { and, asc, count, eq, inArray, notInArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildTree, subtreeIds } from '../depart/tree';
import { requireSaveGrant, saveTags } from '../role/grants';

const CODE_RE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const isUnique = (e: unknown) => String((e as { cause?: { code?: string } }).cause?.code ?? (e as { code?: string }).code) === '23505';

/** Dictionaries and their value trees (spec admin §2 SysDic, §7); `*_dictText` texts come from these. */
export async function dicRoutes(app: FastifyInstance) {
  const { sysDic, sysDicValue } = schema;

  route(app, DicCalls.paging, { permission: 'sys:dic:list' }, async (req) => {
    const title = req.body.params?.title;
    const cond = title ? or(contains(sysDic.title, title), contains(sysDic.code, title)) : undefined;
    return pageQuery(
      req.body,
      async (limit, offset) =>
        (await app.db.select().from(sysDic).where(cond).orderBy(asc(sysDic.code)).limit(limit).offset(offset))
          .map((d) => ({ id: d.id, code: d.code, title: d.title, remark: d.remark })),
      async () => Number((await app.db.select({ n: count() }).from(sysDic).where(cond))[0].n),
    );
  });

  route(app, DicCalls.save, { permission: saveTags('sys:dic') }, async (req) => {
    requireSaveGrant(req.user, req.body.id, 'sys:dic');
    const { id, code, title, remark = '' } = req.body;
    if (!CODE_RE.test(code)) throw badRequest('字典编码应以字母开头，由字母、数字、下划线组成！');
    if (!title.trim()) throw badRequest('字典名称不能为空！');
    try {
      if (id) {
        // The code is what data refers to: it stays as created.
        const [d] = await app.db.update(sysDic).set({ title: title.trim(), remark }).where(eq(sysDic.id, id)).returning();
        if (!d) throw notFound('字典不存在或已被删除！');
        return { id };
      }
      const created = newId();
      await app.db.insert(sysDic).values({ id: created, code, title: title.trim(), remark });
      return { id: created };
    } catch (e) {
      if (isUnique(e)) throw conflict('字典编码已存在！');
      throw e;
    }
  });

  route(app, DicCalls.remove, { permission: 'sys:dic:delete' }, async (req) => {
    await app.db.transaction(async (tx) => {
      const gone = await tx.delete(sysDic).where(inArray(sysDic.id, req.body.ids)).returning();
      if (!gone.length) throw notFound('字典不存在或已被删除！');
      await tx.delete(sysDicValue).where(inArray(sysDicValue.dicCode, gone.map((d) => d.code)));
    });
    return null;
  });

  // Every screen reads dictionaries (selects, texts), so any signed-in user may.
  route(app, DicCalls.valueTree, {}, async (req) => {
    const { dicCode, excludes } = req.body;
    const rows = await app.db.select().from(sysDicValue)
      .where(and(eq(sysDicValue.dicCode, dicCode), excludes?.length ? notInArray(sysDicValue.id, excludes) : undefined))
      .orderBy(asc(sysDicValue.sort), asc(sysDicValue.id));
    return buildTree(rows, (v) => ({ id: v.id, parentId: v.parentId, dicCode: v.dicCode, value: v.value, title: v.title, sort: v.sort }));
  });

  route(app, DicCalls.valueSave, { permission: saveTags('sys:dic') }, async (req) => {
    requireSaveGrant(req.user, req.body.id, 'sys:dic');
    const { id, dicCode, value, title, sort = 0 } = req.body;
    const parentId = req.body.parentId || '0';
    if (!value.trim()) throw badRequest('字典值不能为空！');
    if (!title.trim()) throw badRequest('字典文本不能为空！');
    const [dic] = await app.db.select().from(sysDic).where(eq(sysDic.code, dicCode));
    if (!dic) throw badRequest('字典不存在！');
    if (parentId !== '0') {
      const [p] = await app.db.select().from(sysDicValue).where(and(eq(sysDicValue.id, parentId), eq(sysDicValue.dicCode, dicCode)));
      if (!p) throw badRequest('上级字典值不存在！');
      if (id && subtreeIds(await app.db.select().from(sysDicValue).where(eq(sysDicValue.dicCode, dicCode)), id).has(parentId)) {
        throw badRequest('上级不能是自己或自己的下级！');
      }
    }
    const fields = { parentId, value: value.trim(), title: title.trim(), sort };
    try {
      if (id) {
        const [v] = await app.db.update(sysDicValue).set(fields).where(and(eq(sysDicValue.id, id), eq(sysDicValue.dicCode, dicCode))).returning();
        if (!v) throw notFound('字典值不存在或已被删除！');
        return { id };
      }
      const created = newId();
      await app.db.insert(sysDicValue).values({ id: created, dicCode, ...fields });
      return { id: created };
    } catch (e) {
      if (isUnique(e)) throw conflict('字典值已存在！');
      throw e;
    }
  });

  route(app, DicCalls.valueRemove, { permission: 'sys:dic:delete' }, async (req) => {
    const kids = await app.db.select({ id: sysDicValue.id }).from(sysDicValue).where(inArray(sysDicValue.parentId, req.body.ids));
    if (kids.some((k) => !req.body.ids.includes(k.id))) throw badRequest('存在下级字典值，请先删除下级！');
    const gone = await app.db.delete(sysDicValue).where(inArray(sysDicValue.id, req.body.ids)).returning({ id: sysDicValue.id });
    if (!gone.length) throw notFound('字典值不存在或已被删除！');
    return null;
  });
}
