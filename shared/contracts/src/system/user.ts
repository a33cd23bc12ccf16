import Type from 'typebox';
import { defineCall } from '../call';
import { UserPagingParams, UserRow } from '../domain';
import { Empty, IdReq, IdsReq } from '../envelope';
import { PagingReq, PagingRes } from '../paging';
import { IdList, OptStr, Str } from './org-common';

/** The user edit form (spec admin §3 "User (edit)"). Rules with the spec's messages run on the server. */
export const UserSaveReq = Type.Object({
  id: OptStr(64),
  userName: Str(64),
  realName: Str(64),
  /** Required on create; on edit empty keeps the old one. */
  password: OptStr(128),
  roles: IdList(20),
  deptCode: Str(64),
  mobile: OptStr(32),
  email: OptStr(128),
  /** `yyyy-MM-dd HH:mm:ss`; empty means never expires. */
  expireTime: OptStr(19),
  avatar: OptStr(1000),
  idCard: OptStr(32),
  face: OptStr(1000),
  state: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
});
export type UserSaveReq = Type.Static<typeof UserSaveReq>;

export const UserDetail = Type.Object({
  id: Type.String(),
  userName: Type.String(),
  realName: Type.String(),
  roles: Type.Array(Type.String()),
  deptCode: Type.String(),
  deptCode_dictText: Type.String(),
  mobile: Type.String(),
  email: Type.String(),
  expireTime: Type.String(),
  avatar: Type.String(),
  idCard: Type.String(),
  face: Type.String(),
  state: Type.Integer(),
  createTime: Type.String(),
});
export type UserDetail = Type.Static<typeof UserDetail>;

/** User states by name (dictionary user_state). */
export const UserState = { NORMAL: 0, DISABLED: 1, PENDING: 2 } as const;
export const UserStateReq = Type.Object({ ids: IdList(), state: Type.Integer({ minimum: 0, maximum: 2 }) });
export const BatchDeptReq = Type.Object({ ids: IdList(), deptCode: Str(64) });
export const BatchRoleReq = Type.Object({ ids: IdList(), roles: IdList(20) });
export const BatchExpireReq = Type.Object({ ids: IdList(), expireTime: Str(19) });
export const ResetPassReq = Type.Object({ ids: IdList(), password: Str(128) });

/** One row's failures of an import; row numbers as Excel shows them (header is row 1). */
export const ImportError = Type.Object({ row: Type.Integer(), msg: Type.String() });
export const ImportRes = Type.Object({ count: Type.Integer(), errors: Type.Array(ImportError) });
export type ImportRes = Type.Static<typeof ImportRes>;

// ---- bindings (spec admin §3 "Binding")
export const BindRow = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  loginType: Type.String(),
  loginType_dictText: Type.String(),
  openId: Type.String(),
  /** The provider's name for the account at binding ('' for a mobile). */
  nickName: Type.String(),
  createTime: Type.String(),
});
export type BindRow = Type.Static<typeof BindRow>;
export const DirectBindReq = Type.Object({ mobile: Str(32), userId: Type.String({ minLength: 1, maxLength: 64 }) });

/** Export uses the list filters; import is multipart (`file`) and answers ImportRes. */
export const UserCalls = {
  paging: defineCall('/api/sys/user/paging', PagingReq(UserPagingParams), PagingRes(UserRow)),
  detail: defineCall('/api/sys/user/detail', IdReq, UserDetail),
  save: defineCall('/api/sys/user/save', UserSaveReq, Type.Object({ id: Type.String() })),
  remove: defineCall('/api/sys/user/user-delete', IdsReq, Type.Null()),
  state: defineCall('/api/sys/user/state', UserStateReq, Type.Null()),
  batchDept: defineCall('/api/sys/user/batch-dept', BatchDeptReq, Type.Null()),
  batchRole: defineCall('/api/sys/user/batch-role', BatchRoleReq, Type.Null()),
  batchExpire: defineCall('/api/sys/user/batch-expire', BatchExpireReq, Type.Null()),
  resetPass: defineCall('/api/sys/user/reset-pass', ResetPassReq, Type.Null()),
  export: defineCall('/api/sys/user/export', Type.Object({ params: Type.Optional(UserPagingParams) }), Type.Null()),
  importTemplate: defineCall('/api/sys/user/import-template', Empty, Type.Null()),
  import: defineCall('/api/sys/user/import', Empty, ImportRes),
  bindPaging: defineCall(
    '/api/sys/user/bind/paging',
    PagingReq(Type.Object({ userId: Type.String({ minLength: 1, maxLength: 64 }) })),
    PagingRes(BindRow),
  ),
  unbindById: defineCall('/api/sys/user/bind/unbind-by-id', IdReq, Type.Null()),
  directBind: defineCall('/api/sys/user/bind/direct-bind', DirectBindReq, Type.Null()),
  directUnbind: defineCall('/api/sys/user/bind/direct-unbind', DirectBindReq, Type.Null()),
};
