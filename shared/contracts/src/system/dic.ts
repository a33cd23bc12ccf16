import Type from 'typebox';
import { defineCall } from '../call';
import { IdsReq } from '../envelope';
import { PagingReq, PagingRes } from '../paging';
import { Children, IdList, OptStr, Str } from './org-common';

/** Dictionary (a code and a title) and its values (spec admin §3 "Dictionary value"). */
export const DicRow = Type.Object({
  id: Type.String(),
  code: Type.String(),
  title: Type.String(),
  remark: Type.String(),
});
export type DicRow = Type.Static<typeof DicRow>;
export const DicSaveReq = Type.Object({ id: OptStr(64), code: Str(64), title: Str(64), remark: OptStr(200) });

export const DicValueNode = Type.Object({
  id: Type.String(),
  parentId: Type.String(),
  dicCode: Type.String(),
  value: Type.String(),
  title: Type.String(),
  sort: Type.Integer(),
  children: Children,
});
export type DicValueNode = Omit<Type.Static<typeof DicValueNode>, 'children'> & { children?: DicValueNode[] };

const DicCode = Type.String({ minLength: 1, maxLength: 64 });
export const DicValueSaveReq = Type.Object({
  id: OptStr(64),
  dicCode: DicCode,
  parentId: OptStr(64),
  value: Str(64),
  title: Str(100),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999 })),
});

export const DicCalls = {
  paging: defineCall('/api/sys/dic/paging', PagingReq(Type.Object({ title: OptStr(64) })), PagingRes(DicRow)),
  save: defineCall('/api/sys/dic/save', DicSaveReq, Type.Object({ id: Type.String() })),
  remove: defineCall('/api/sys/dic/delete', IdsReq, Type.Null()),
  valueTree: defineCall(
    '/api/sys/dic/value/tree',
    Type.Object({ dicCode: DicCode, excludes: Type.Optional(IdList(1000)) }),
    Type.Array(DicValueNode),
  ),
  valueSave: defineCall('/api/sys/dic/value/save', DicValueSaveReq, Type.Object({ id: Type.String() })),
  valueRemove: defineCall('/api/sys/dic/value/delete', IdsReq, Type.Null()),
};
