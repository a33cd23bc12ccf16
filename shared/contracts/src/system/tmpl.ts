import Type from 'typebox';
import { defineCall } from '../call';
import { IdReq } from '../envelope';
import { PagingReq, PagingRes } from '../paging';

/** Message template (spec admin §3: id, title), with the text sent and a lookup code. */
export const TmplDetail = Type.Object({
  id: Type.String(),
  title: Type.String(),
  code: Type.String(),
  content: Type.String(),
  remark: Type.String(),
  createTime: Type.String(),
});
export type TmplDetail = Type.Static<typeof TmplDetail>;

export const TmplSaveReq = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 64 })),
  title: Type.String({ maxLength: 100 }),
  code: Type.Optional(Type.String({ maxLength: 64 })),
  content: Type.String({ maxLength: 5000 }),
  remark: Type.Optional(Type.String({ maxLength: 500 })),
});
export type TmplSaveReq = Type.Static<typeof TmplSaveReq>;

export const TmplCalls = {
  detail: defineCall('/api/notify/tmpl/detail', IdReq, TmplDetail),
  save: defineCall('/api/notify/tmpl/save', TmplSaveReq, Type.Object({ id: Type.String() })),
  /** The select asks size 100. */
  paging: defineCall(
    '/api/notify/tmpl/paging',
    PagingReq(Type.Object({ title: Type.Optional(Type.String({ maxLength: 100 })) })),
    PagingRes(TmplDetail),
  ),
};
