import type { BodyOf, GroupCalls } from '@exam/contracts';
import { type AuthUser, type Db, badRequest, fmtTime, newId, notFound, pageQuery } from '@exam/server-kit';
import { requireSaveGrant } from '../role/grants';
import { existingUserIds } from '../user/user-repository';
import * as repo from './group-repository';

/** User groups and their members (spec admin §2 "Group user list", §7). */
export function groupService({ db }: { db: Db }) {
  return {
    async save(body: BodyOf<typeof GroupCalls.save>, me: AuthUser | null) {
      requireSaveGrant(me, body.id, 'sys:group');
      const groupName = body.groupName.trim();
      if (!groupName) throw badRequest('用户组名称不能为空！');
      if (body.id) {
        const g = await repo.renameGroup(db, body.id, groupName);
        if (!g) throw notFound('用户组不存在或已被删除！');
        return { id: g.id };
      }
      const id = newId();
      await repo.insertGroup(db, id, groupName);
      return { id };
    },

    page(q: BodyOf<typeof GroupCalls.paging>) {
      const title = q.params?.title;
      return pageQuery(
        q,
        async (limit, offset) =>
          (await repo.groupRows(db, title, limit, offset)).map(({ g, members }) => ({
            id: g.id,
            groupName: g.groupName,
            userCount: Number(members),
            createTime: fmtTime(g.createTime),
          })),
        () => repo.groupCount(db, title),
      );
    },

    async remove(ids: string[]) {
      if (!(await repo.deleteGroups(db, ids))) throw notFound('用户组不存在或已被删除！');
    },

    memberPage(q: BodyOf<typeof GroupCalls.userPaging>) {
      const { groupId, keyword } = q.params ?? { groupId: '' };
      return pageQuery(
        q,
        async (limit, offset) =>
          (await repo.memberRows(db, groupId, keyword, limit, offset)).map(({ gu, u, deptName }) => ({
            id: gu.id,
            userId: u.id,
            userName: u.userName,
            realName: u.realName,
            deptName: deptName ?? '',
            mobile: u.mobile,
          })),
        () => repo.memberCount(db, groupId, keyword),
      );
    },

    removeMembers: (ids: string[]) => repo.deleteMembers(db, ids),

    /** flag 1: every user joins every group; otherwise they leave them. Every id must exist. */
    async batchJoin(body: BodyOf<typeof GroupCalls.batchJoin>) {
      const userIds = [...new Set(body.userIds)];
      const groupIds = [...new Set(body.groupIds)];
      if ((await repo.countGroups(db, groupIds)) !== groupIds.length) throw notFound('用户组不存在或已被删除！');
      if ((await existingUserIds(db, userIds)).length !== userIds.length) throw notFound('用户不存在或已被删除！');
      if (body.flag === 1)
        await repo.join(
          db,
          groupIds.flatMap((groupId) => userIds.map((userId) => ({ id: newId(), groupId, userId }))),
        );
      else await repo.leave(db, groupIds, userIds);
    },
  };
}
