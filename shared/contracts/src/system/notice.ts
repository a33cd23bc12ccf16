import Type from 'typebox';
import { defineCall } from '../call';
import { IdReq, IdsReq } from '../envelope';
import { PagingReq, PagingRes } from '../paging';

/** Notice (spec admin §3): title, rich content (sanitized on save), state 0 published / 1 disabled. */
/** Notice states by name. */
export const NoticeState = { PUBLISHED: 0, DISABLED: 1 } as const;
export const NoticeRow = Type.Object({
  id: Type.String(),
  title: Type.String(),
  content: Type.String(),
  state: Type.Integer(),
  createTime: Type.String(),
});
export type NoticeRow = Type.Static<typeof NoticeRow>;

export const NoticeSaveReq = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 64 })),
  title: Type.String({ maxLength: 200 }),
  content: Type.String({ maxLength: 200_000 }),
  state: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});
export type NoticeSaveReq = Type.Static<typeof NoticeSaveReq>;

export const NoticePagingParams = Type.Object({
  state: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  title: Type.Optional(Type.String({ maxLength: 100 })),
});

export const NoticeCalls = {
  save: defineCall('/api/sys/notice/save', NoticeSaveReq, Type.Object({ id: Type.String() })),
  detail: defineCall('/api/sys/notice/detail', IdReq, NoticeRow),
  paging: defineCall('/api/sys/notice/paging', PagingReq(NoticePagingParams), PagingRes(NoticeRow)),
  remove: defineCall('/api/sys/notice/delete', IdsReq, Type.Null()),
  state: defineCall(
    '/api/sys/notice/state',
    Type.Object({ ids: IdsReq.properties.ids, state: Type.Integer({ minimum: 0, maximum: 1 }) }),
    Type.Null(),
  ),
};
