import Type from 'typebox';
import { defineCall } from '../call';
import { Id, IdsReq } from '../envelope';
import { PagingReq, PagingRes } from '../paging';

/** Application audit states (0 待审核, 1 通过, 2 驳回). */
export const APPLY_AUDIT_TITLES: Record<number, string> = { 0: '待审核', 1: '通过', 2: '驳回' };
export const AuditState = { PENDING: 0, APPROVED: 1, REFUSED: 2 } as const;

export const ApplySaveReq = Type.Object({ examId: Id, applyMsg: Type.String({ maxLength: 500 }) });
export const ApplyRow = Type.Object({
  id: Type.String(),
  examId: Type.String(),
  examTitle: Type.String(),
  userId: Type.String(),
  applyUser_dictText: Type.String(),
  applyTime: Type.String(),
  applyMsg: Type.String(),
  auditState: Type.Integer(),
  auditBy_dictText: Type.String(),
  auditMsg: Type.String(),
  auditTime: Type.String(),
  auditUsed: Type.Boolean(),
});
export type ApplyRow = Type.Static<typeof ApplyRow>;
export const ApplyPagingParams = Type.Object({
  examId: Type.Optional(Type.String({ maxLength: 64 })),
  auditState: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
});
export const ApplyAuditReq = Type.Object({
  ids: IdsReq.properties.ids,
  auditState: Type.Union([Type.Literal(1), Type.Literal(2)]),
  auditMsg: Type.Optional(Type.String({ maxLength: 500 })),
});

export const ApplyCalls = {
  save: defineCall('/api/exam/apply/save', ApplySaveReq, Type.Object({ id: Type.String() })),
  paging: defineCall('/api/exam/apply/paging', PagingReq(ApplyPagingParams), PagingRes(ApplyRow)),
  delete: defineCall('/api/exam/apply/delete', IdsReq, Type.Null()),
  audit: defineCall('/api/exam/apply/audit', ApplyAuditReq, Type.Null()),
};
