import Type from 'typebox';
import { defineCall } from '../call';
import { Id, IdsReq } from '../envelope';
import { PagingReq, PagingRes } from '../paging';

export const CertRuleRow = Type.Object({
  id: Type.String(),
  tmplId: Type.String(),
  tmplName: Type.String(),
  title: Type.String(),
  sourceType: Type.String(),
  sourceId: Type.String(),
  sourceTitle: Type.String(),
  validMonths: Type.Integer(),
  numPrefix: Type.String(),
  numYear: Type.Boolean(),
  numDigits: Type.Integer(),
  enabled: Type.Boolean(),
  grantCount: Type.Integer(),
  createTime: Type.String(),
});
export type CertRuleRow = Type.Static<typeof CertRuleRow>;

/** One rule per exam or course; the number is `<prefix><year?><sequence of numDigits>`, e.g. AQ-2026000001. */
export const CertRuleSaveReq = Type.Object({
  id: Type.Optional(Id),
  tmplId: Id,
  title: Type.String({ minLength: 1, maxLength: 100 }),
  sourceType: Type.Union([Type.Literal('exam'), Type.Literal('course')]),
  sourceId: Id,
  validMonths: Type.Integer({ minimum: 0, maximum: 1200 }),
  numPrefix: Type.String({ maxLength: 20 }),
  numYear: Type.Boolean(),
  numDigits: Type.Integer({ minimum: 1, maximum: 12 }),
  enabled: Type.Boolean(),
});
export type CertRuleSaveReq = Type.Static<typeof CertRuleSaveReq>;

export const CertRuleParams = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 100 })),
  sourceType: Type.Optional(Type.String({ maxLength: 16 })),
  tmplId: Type.Optional(Type.String({ maxLength: 64 })),
});

export const CertRuleCalls = {
  paging: defineCall('/api/cert/rule/paging', PagingReq(CertRuleParams), PagingRes(CertRuleRow)),
  save: defineCall('/api/cert/rule/save', CertRuleSaveReq, Type.Object({ id: Type.String() })),
  remove: defineCall('/api/cert/rule/delete', IdsReq, Type.Null()),
};
