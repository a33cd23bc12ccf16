import type { BodyOf, DicCalls } from '@exam/contracts';
import {
  type AuthUser,
  type Db,
  badRequest,
  conflict,
  isUniqueViolation,
  newId,
  notFound,
  pageQuery,
} from '@exam/server-kit';
import { requireSaveGrant } from '../role/grants';
import { buildTree, subtreeIds } from '../tree/tree';
import * as repo from './dic-repository';

const CODE_RE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** Dictionaries and their value trees (spec admin §2 SysDic, §7); `*_dictText` texts come from these. */
export function dicService({ db }: { db: Db }) {
  return {
    page(q: BodyOf<typeof DicCalls.paging>) {
      const title = q.params?.title;
      return pageQuery(
        q,
        async (limit, offset) =>
          (await repo.dicRows(db, title, limit, offset)).map((d) => ({
            id: d.id,
            code: d.code,
            title: d.title,
            remark: d.remark,
          })),
        () => repo.dicCount(db, title),
      );
    },

    async save(body: BodyOf<typeof DicCalls.save>, me: AuthUser | null) {
      requireSaveGrant(me, body.id, 'sys:dic');
      const { id, code, title, remark = '' } = body;
      if (!CODE_RE.test(code)) throw badRequest('字典编码应以字母开头，由字母、数字、下划线组成！');
      if (!title.trim()) throw badRequest('字典名称不能为空！');
      try {
        if (id) {
          if (!(await repo.updateDic(db, id, { title: title.trim(), remark })))
            throw notFound('字典不存在或已被删除！');
          return { id };
        }
        const created = newId();
        await repo.insertDic(db, created, code, { title: title.trim(), remark });
        return { id: created };
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict('字典编码已存在！');
        throw e;
      }
    },

    /** The dictionaries and all their values, in one transaction. */
    async remove(ids: string[]) {
      await db.transaction(async (tx) => {
        const gone = await repo.deleteDics(tx, ids);
        if (!gone.length) throw notFound('字典不存在或已被删除！');
        await repo.deleteValuesOf(
          tx,
          gone.map((d) => d.code),
        );
      });
    },

    async valueTree(dicCode: string, excludes?: string[]) {
      const rows = await repo.valuesOf(db, dicCode, excludes);
      return buildTree(rows, (v) => ({
        id: v.id,
        parentId: v.parentId,
        dicCode: v.dicCode,
        value: v.value,
        title: v.title,
        sort: v.sort,
      }));
    },

    async saveValue(body: BodyOf<typeof DicCalls.valueSave>, me: AuthUser | null) {
      requireSaveGrant(me, body.id, 'sys:dic');
      const { id, dicCode, value, title, sort = 0 } = body;
      const parentId = body.parentId || '0';
      if (!value.trim()) throw badRequest('字典值不能为空！');
      if (!title.trim()) throw badRequest('字典文本不能为空！');
      if (!(await repo.dicByCode(db, dicCode))) throw badRequest('字典不存在！');
      if (parentId !== '0') {
        if (!(await repo.valueOf(db, parentId, dicCode))) throw badRequest('上级字典值不存在！');
        if (id && subtreeIds(await repo.allValuesOf(db, dicCode), id).has(parentId))
          throw badRequest('上级不能是自己或自己的下级！');
      }
      const fields = { parentId, value: value.trim(), title: title.trim(), sort };
      try {
        if (id) {
          if (!(await repo.updateValue(db, id, dicCode, fields))) throw notFound('字典值不存在或已被删除！');
          return { id };
        }
        const created = newId();
        await repo.insertValue(db, created, dicCode, fields);
        return { id: created };
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict('字典值已存在！');
        throw e;
      }
    },

    async removeValues(ids: string[]) {
      const kids = await repo.childValueIds(db, ids);
      if (kids.some((k) => !ids.includes(k))) throw badRequest('存在下级字典值，请先删除下级！');
      if (!(await repo.deleteValues(db, ids))) throw notFound('字典值不存在或已被删除！');
    },
  };
}
