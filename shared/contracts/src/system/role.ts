import Type from 'typebox';
import { defineCall } from '../call';
import { Empty, IdReq } from '../envelope';
import { IdList, OptStr, Str } from './org-common';

/** Role (spec admin §3): shown as name plus level in brackets. roleType 1 learner, 2 admin side. */
export const RoleRow = Type.Object({
  id: Type.String(),
  roleName: Type.String(),
  roleType: Type.Integer(),
  roleLevel: Type.Integer(),
  remark: Type.String(),
});
export type RoleRow = Type.Static<typeof RoleRow>;

export const RoleSaveReq = Type.Object({
  id: OptStr(64),
  roleName: Str(64),
  roleType: Type.Integer({ minimum: 1, maximum: 2 }),
  roleLevel: Type.Integer({ minimum: 0, maximum: 99 }),
  remark: OptStr(200),
});
export type RoleSaveReq = Type.Static<typeof RoleSaveReq>;

export const RoleMenusReq = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }), menuIds: IdList(2000) });

export const RoleCalls = {
  list: defineCall('/api/sys/role/list', Empty, Type.Array(RoleRow)),
  detail: defineCall('/api/sys/role/detail', IdReq, RoleRow),
  save: defineCall('/api/sys/role/save', RoleSaveReq, Type.Object({ id: Type.String() })),
  listMenus: defineCall('/api/sys/role/list-menus', IdReq, Type.Array(Type.String())),
  saveMenus: defineCall('/api/sys/role/save-menus', RoleMenusReq, Type.Null()),
};

/** 'name (level)', the way roles are shown everywhere (spec admin §3). */
export const roleLabel = (r: { roleName: string; roleLevel: number }) => `${r.roleName}(${r.roleLevel})`;
