import Type from 'typebox';
import { defineCall } from '../call';
import { Id, IdReq, IdsReq } from '../envelope';
import { PagingReq, PagingRes } from '../paging';

const S = (max: number) => Type.String({ maxLength: max });

/** Course Q&A item (spec §3). */
export const QaRow = Type.Object({
  id: Type.String(),
  courseId: Type.String(),
  courseTitle: Type.String(),
  fileId: Type.String(),
  fileTitle: Type.String(),
  title: Type.String(),
  replied: Type.Boolean(),
  replyCount: Type.Integer(),
  createTime: Type.String(),
  userId: Type.String(),
  avatar: Type.String(),
  realName: Type.String(),
});
export type QaRow = Type.Static<typeof QaRow>;
export const QaReply = Type.Object({
  id: Type.String(),
  content: Type.String(),
  realName: Type.String(),
  avatar: Type.String(),
  createTime: Type.String(),
});
export type QaReply = Type.Static<typeof QaReply>;
export const QaDetail = Type.Object({ ...QaRow.properties, content: Type.String(), replyList: Type.Array(QaReply) });
export type QaDetail = Type.Static<typeof QaDetail>;

export const QaPagingParams = Type.Object({
  courseId: Type.Optional(Id),
  fileId: Type.Optional(Type.String({ maxLength: 64 })),
  title: Type.Optional(S(100)),
  onlyReplied: Type.Optional(Type.Boolean()),
  onlyMyself: Type.Optional(Type.Boolean()),
});
export const QaAdminParams = Type.Object({
  courseId: Type.Optional(Type.String({ maxLength: 64 })),
  fileId: Type.Optional(Type.String({ maxLength: 64 })),
  title: Type.Optional(S(100)),
  replied: Type.Optional(Type.Boolean()),
});
/** New question (spec §5: a courseware must be chosen; content cannot be empty). Rich text, sanitized. */
export const QaSaveReq = Type.Object({ courseId: Id, fileId: Type.String({ maxLength: 64 }), content: S(20_000) });
export const QaReplyReq = Type.Object({ qaId: Id, content: S(20_000) });

export const QaCalls = {
  clientPaging: defineCall('/api/client/course/qa/paging', PagingReq(QaPagingParams), PagingRes(QaRow)),
  clientDetail: defineCall('/api/client/course/qa/detail', IdReq, QaDetail),
  save: defineCall('/api/course/qa/save', QaSaveReq, Type.Object({ id: Type.String() })),
  /** Replies of a question (spec: current 1, size 100, params qaId); for anyone who may see the question. */
  replyPaging: defineCall('/api/course/qa/reply/paging', PagingReq(Type.Object({ qaId: Id })), PagingRes(QaReply)),
  /** Admin (CourseQaAdmin). */
  detail: defineCall('/api/course/qa/detail', IdReq, QaDetail),
  paging: defineCall('/api/course/qa/paging', PagingReq(QaAdminParams), PagingRes(QaRow)),
  reply: defineCall('/api/course/qa/reply', QaReplyReq, Type.Object({ id: Type.String() })),
  delete: defineCall('/api/course/qa/delete', IdsReq, Type.Null()),
  replyDelete: defineCall('/api/course/qa/reply/delete', IdsReq, Type.Null()),
};
