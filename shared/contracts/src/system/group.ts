import Type from 'typebox';
import { defineCall } from '../call';
import { IdsReq } from '../envelope';
import { PagingReq, PagingRes } from '../paging';
import { OptStr, Str } from './org-common';

/** Group (spec admin §3) and its members. */
export const GroupRow = Type.Object({
  id: Type.String(),
  groupName: Type.String(),
  userCount: Type.Integer(),
  createTime: Type.String(),
});
export type GroupRow = Type.Static<typeof GroupRow>;
export const GroupSaveReq = Type.Object({ id: OptStr(64), groupName: Str(64) });

export const GroupUserRow = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  userName: Type.String(),
  realName: Type.String(),
  deptName: Type.String(),
  mobile: Type.String(),
});
export type GroupUserRow = Type.Static<typeof GroupUserRow>;

/** flag 1 joins the users to the groups, 0 takes them out. */
export const BatchJoinReq = Type.Object({
  userIds: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 5000 }),
  groupIds: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 100 }),
  flag: Type.Integer({ minimum: 0, maximum: 1 }),
});

export const GroupCalls = {
  save: defineCall('/api/sys/group/save', GroupSaveReq, Type.Object({ id: Type.String() })),
  paging: defineCall('/api/sys/group/paging', PagingReq(Type.Object({ title: OptStr(64) })), PagingRes(GroupRow)),
  remove: defineCall('/api/sys/group/delete', IdsReq, Type.Null()),
  userPaging: defineCall(
    '/api/sys/group/user/paging',
    PagingReq(Type.Object({ groupId: Type.String({ minLength: 1, maxLength: 64 }), keyword: OptStr(64) })),
    PagingRes(GroupUserRow),
  ),
  userRemove: defineCall('/api/sys/group/user/delete', IdsReq, Type.Null()),
  batchJoin: defineCall('/api/sys/group/user/batch-join', BatchJoinReq, Type.Null()),
};
