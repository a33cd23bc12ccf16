import Type from 'typebox';
import { defineCall } from '../call';
import { IdReq, IdsReq } from '../envelope';
import { Children, OptStr, SortReq } from './org-common';

const Terminal = Type.Union([Type.Literal('admin'), Type.Literal('web')]);

/** Menu (spec admin §3); menuType 1 菜单, 2 功能, 3 路由. */
export const MenuFields = {
  id: Type.String(),
  parentId: Type.String(),
  terminal: Type.String(),
  menuType: Type.Integer(),
  metaTitle: Type.String(),
  name: Type.String(),
  path: Type.String(),
  component: Type.String(),
  redirect: Type.String(),
  permissionTag: Type.String(),
  metaIcon: Type.String(),
  hidden: Type.Boolean(),
  sort: Type.Integer(),
};
export const MenuDetail = Type.Object(MenuFields);
export type MenuDetail = Type.Static<typeof MenuDetail>;
export const MenuNode = Type.Object({ ...MenuFields, children: Children });
export type MenuNode = MenuDetail & { children?: MenuNode[] };

/** Loose on purpose: the server checks the spec's rules and answers with its messages (§5). */
export const MenuSaveReq = Type.Object({
  id: OptStr(64),
  parentId: OptStr(64),
  terminal: Type.Optional(Terminal),
  menuType: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
  metaTitle: OptStr(64),
  name: OptStr(64),
  path: OptStr(200),
  component: OptStr(200),
  redirect: OptStr(200),
  permissionTag: OptStr(100),
  metaIcon: OptStr(64),
  hidden: Type.Optional(Type.Boolean()),
});
export type MenuSaveReq = Type.Static<typeof MenuSaveReq>;

export const MenuListRow = Type.Object({
  id: Type.String(),
  parentId: Type.String(),
  terminal: Type.String(),
  menuType: Type.Integer(),
  metaTitle: Type.String(),
  sort: Type.Integer(),
});
export type MenuListRow = Type.Static<typeof MenuListRow>;

export const MenuCalls = {
  tree: defineCall('/api/sys/menu/tree', Type.Object({ terminal: Type.Optional(Terminal) }), Type.Array(MenuNode)),
  list: defineCall('/api/sys/menu/list', Type.Object({ terminal: Type.Optional(Terminal) }), Type.Array(MenuListRow)),
  detail: defineCall('/api/sys/menu/detail', IdReq, MenuDetail),
  save: defineCall('/api/sys/menu/save', MenuSaveReq, Type.Object({ id: Type.String() })),
  remove: defineCall('/api/sys/menu/delete', IdsReq, Type.Null()),
  sort: defineCall('/api/sys/menu/sort', SortReq, Type.Null()),
};
