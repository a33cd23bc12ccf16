import Type from 'typebox';
import { defineCall } from '../call';
import { Id, IdReq, IdsReq } from '../envelope';
import { PagingReq, PagingRes } from '../paging';
import { CertElement } from './common';

export const CertTmplRow = Type.Object({
  id: Type.String(),
  name: Type.String(),
  pageSize: Type.String(),
  orientation: Type.String(),
  bgImage: Type.String(),
  elementCount: Type.Integer(),
  ruleCount: Type.Integer(),
  createTime: Type.String(),
  updateTime: Type.String(),
});
export type CertTmplRow = Type.Static<typeof CertTmplRow>;

export const CertTmplDetail = Type.Object({
  id: Type.String(),
  name: Type.String(),
  pageSize: Type.String(),
  orientation: Type.String(),
  bgImage: Type.String(),
  elements: Type.Array(CertElement),
  createTime: Type.String(),
  updateTime: Type.String(),
});
export type CertTmplDetail = Type.Static<typeof CertTmplDetail>;

/** Element types, positions, sizes and images are checked by the server (clear 400s), not only by this schema. */
export const CertTmplSaveReq = Type.Object({
  id: Type.Optional(Id),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  pageSize: Type.String({ maxLength: 8 }),
  orientation: Type.String({ maxLength: 16 }),
  bgImage: Type.Optional(Type.String({ maxLength: 1000 })),
  elements: Type.Array(CertElement, { maxItems: 200 }),
});
export type CertTmplSaveReq = Type.Static<typeof CertTmplSaveReq>;

/**
 * The sample holder and certificate a template's preview shows (the server draws them; the editor sizes its boxes by
 * them). The dates are the day of the preview and two years on.
 */
export const CERT_SAMPLE = {
  realName: '张三',
  number: 'CERT-000001',
  title: '培训合格证书',
  sourceTitle: '安全生产知识考试',
  score: '95',
  department: '安全生产部',
} as const;

export const CertTmplCalls = {
  paging: defineCall(
    '/api/cert/tmpl/paging',
    PagingReq(Type.Object({ name: Type.Optional(Type.String({ maxLength: 100 })) })),
    PagingRes(CertTmplRow),
  ),
  detail: defineCall('/api/cert/tmpl/detail', IdReq, CertTmplDetail),
  save: defineCall('/api/cert/tmpl/save', CertTmplSaveReq, Type.Object({ id: Type.String() })),
  remove: defineCall('/api/cert/tmpl/delete', IdsReq, Type.Null()),
  /** An unsaved template drawn with CERT_SAMPLE: answers the PDF itself (checked as a save is; nothing is written). */
  preview: defineCall('/api/cert/tmpl/preview', CertTmplSaveReq, Type.Null()),
};
