import type { BodyOf, DepartCalls } from '@exam/contracts';
import { type AuthUser, type Db, badRequest, conflict, newId, notFound } from '@exam/server-kit';
import { requireSaveGrant } from '../role/grants';
import { buildTree } from '../tree/tree';
import { countUsersUnder } from '../user/user-repository';
import * as repo from './depart-repository';

/** Departments (spec admin §2, §7): a tree whose codes nest like A01, A01A02, so prefixes select subtrees. */
export function departService({ db }: { db: Db }) {
  return {
    tree: async () =>
      buildTree(await repo.allDeparts(db), (d) => ({
        id: d.id,
        parentId: d.parentId,
        deptName: d.deptName,
        deptCode: d.deptCode,
        sort: d.sort,
      })),
    treeSelect: async () =>
      buildTree(await repo.allDeparts(db), (d) => ({ id: d.id, value: d.deptCode, title: d.deptName })),

    async detail(id: string) {
      const d = await repo.departById(db, id);
      if (!d) throw notFound('部门不存在或已被删除！');
      return { id: d.id, parentId: d.parentId, deptName: d.deptName, deptCode: d.deptCode, sort: d.sort };
    },

    async save(body: BodyOf<typeof DepartCalls.save>, me: AuthUser | null) {
      const name = body.deptName.trim();
      if (!name) throw badRequest('部门名称不能为空！');
      requireSaveGrant(me, body.id, 'sys:depart');
      if (body.id) {
        // Only the name changes: moving a department would recode it and every user under it.
        const d = await repo.renameDepart(db, body.id, name);
        if (!d) throw notFound('部门不存在或已被删除！');
        return { id: d.id, deptCode: d.deptCode };
      }
      const parentId = body.parentId;
      return db.transaction(async (tx) => {
        let prefix = '';
        if (parentId !== '0') {
          const p = await repo.departById(tx, parentId);
          if (!p) throw badRequest('上级部门不存在！');
          prefix = p.deptCode;
        }
        const sibs = await repo.childrenOf(tx, parentId);
        const used = sibs.map((s) => Number(s.code.slice(prefix.length).match(/^A(\d{2})$/)?.[1] ?? 0));
        const next = Math.max(0, ...used) + 1;
        if (next > 99) throw badRequest('同级部门最多99个！');
        const deptCode = `${prefix}A${String(next).padStart(2, '0')}`;
        const id = newId();
        const sort = Math.max(0, ...sibs.map((s) => s.sort)) + 1;
        await repo.insertDepart(tx, { id, parentId, deptName: name, deptCode, sort }).catch(() => {
          throw conflict('部门编码冲突，请重试！');
        });
        return { id, deptCode };
      });
    },

    async remove(ids: string[]) {
      const rows = await repo.departsByIds(db, ids);
      if (rows.length !== new Set(ids).size) throw notFound('部门不存在或已被删除！');
      if ((await repo.countChildrenOf(db, ids)) > 0) throw badRequest('部门下还有子部门，请先删除子部门！');
      if (
        (await countUsersUnder(
          db,
          rows.map((d) => d.deptCode),
        )) > 0
      )
        throw badRequest('部门下还有用户，请先移走用户！');
      await repo.deleteDeparts(db, ids);
    },

    sort: (id: string, dir: number) => db.transaction((tx) => repo.moveDepart(tx, id, dir)),
  };
}
