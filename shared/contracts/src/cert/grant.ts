import Type from 'typebox';
import { defineCall } from '../call';
import { Empty, Id, IdReq } from '../envelope';
import { PagingReq, PagingRes } from '../paging';

const Time = Type.String({ maxLength: 19 });

/** A grant as the admin list shows it (state: valid, revoked or expired). */
export const CertGrantRow = Type.Object({
  id: Type.String(),
  code: Type.String(),
  number: Type.String(),
  ruleId: Type.String(),
  title: Type.String(),
  userId: Type.String(),
  userName: Type.String(),
  realName: Type.String(),
  deptName: Type.String(),
  sourceType: Type.String(),
  sourceId: Type.String(),
  sourceTitle: Type.String(),
  score: Type.Union([Type.Number(), Type.Null()]),
  grantTime: Type.String(),
  expireTime: Type.String(),
  state: Type.String(),
  revokeReason: Type.String(),
  revokeTime: Type.String(),
});
export type CertGrantRow = Type.Static<typeof CertGrantRow>;

/** Admin search: name or account, source (title or id), state, grant date range (`yyyy-MM-dd HH:mm:ss`). */
export const CertGrantParams = Type.Object({
  realName: Type.Optional(Type.String({ maxLength: 100 })),
  userId: Type.Optional(Type.String({ maxLength: 64 })),
  userName: Type.Optional(Type.String({ maxLength: 100 })),
  source: Type.Optional(Type.String({ maxLength: 100 })),
  ruleId: Type.Optional(Type.String({ maxLength: 64 })),
  state: Type.Optional(Type.String({ maxLength: 16 })),
  startTime: Type.Optional(Time),
  endTime: Type.Optional(Time),
});
export type CertGrantParams = Type.Static<typeof CertGrantParams>;

/** A manual batch: to an existing rule, or a template and a title (a manual rule is made for the batch). */
export const CertManualReq = Type.Object({
  ruleId: Type.Optional(Id),
  tmplId: Type.Optional(Id),
  title: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  validMonths: Type.Optional(Type.Integer({ minimum: 0, maximum: 1200 })),
  userIds: Type.Array(Id, { minItems: 1, maxItems: 1000 }),
});
export type CertManualReq = Type.Static<typeof CertManualReq>;

export const CertManualRes = Type.Object({ ruleId: Type.String(), granted: Type.Integer(), existing: Type.Integer() });

/** A learner's own certificate card. */
export const CertMineRow = Type.Object({
  id: Type.String(),
  code: Type.String(),
  number: Type.String(),
  title: Type.String(),
  sourceType: Type.String(),
  sourceTitle: Type.String(),
  score: Type.Union([Type.Number(), Type.Null()]),
  grantTime: Type.String(),
  expireTime: Type.String(),
  state: Type.String(),
  revokeTime: Type.String(),
  verifyUrl: Type.String(),
});
export type CertMineRow = Type.Static<typeof CertMineRow>;

/** What anyone may see of a certificate: no ids, the holder's name masked (张*三). */
export const CertVerifyRes = Type.Object({
  state: Type.String(),
  title: Type.String(),
  sourceTitle: Type.String(),
  holder: Type.String(),
  grantTime: Type.String(),
  expireTime: Type.String(),
  revokeTime: Type.String(),
});
export type CertVerifyRes = Type.Static<typeof CertVerifyRes>;

/** A checked credential: whether its signature holds (`valid` false with `reason`), and the certificate's state. */
export const CertCredentialCheck = Type.Object({
  valid: Type.Boolean(),
  reason: Type.String(),
  certificate: Type.Union([CertVerifyRes, Type.Null()]),
});
export type CertCredentialCheck = Type.Static<typeof CertCredentialCheck>;

export const CertCodeReq = Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }) });

/** A signing key as the admin sees it (never the private part). */
export const CertKeyRow = Type.Object({
  kid: Type.String(),
  createTime: Type.String(),
  retireTime: Type.String(),
  signing: Type.Boolean(),
});

export const CertGrantCalls = {
  paging: defineCall('/api/cert/grant/paging', PagingReq(CertGrantParams), PagingRes(CertGrantRow)),
  revoke: defineCall(
    '/api/cert/grant/revoke',
    Type.Object({ id: Id, reason: Type.String({ minLength: 1, maxLength: 200 }) }),
    Type.Null(),
  ),
  /** Renders the PDF again from the rule's template and the holder's current name and department (same code and number). */
  reissue: defineCall('/api/cert/grant/reissue', IdReq, Type.Null()),
  manual: defineCall('/api/cert/grant/manual', CertManualReq, CertManualRes),
  /** Answers the .xlsx file itself. */
  export: defineCall('/api/cert/grant/export', Type.Object({ params: Type.Optional(CertGrantParams) }), Type.Null()),
  /** Answers the PDF itself. */
  pdf: defineCall('/api/cert/grant/pdf', IdReq, Type.Null()),
};

export const CertMineCalls = {
  paging: defineCall(
    '/api/cert/mine/paging',
    PagingReq(Type.Object({ state: Type.Optional(Type.String({ maxLength: 16 })) })),
    PagingRes(CertMineRow),
  ),
  /** Answers the PDF itself; only the holder's own. */
  pdf: defineCall('/api/cert/mine/pdf', IdReq, Type.Null()),
  /** The Open Badges 3.0 credential as a VC-JWT (compact JWS); only the holder's own. */
  credential: defineCall(
    '/api/cert/mine/credential',
    IdReq,
    Type.Object({ jwt: Type.String(), fileName: Type.String() }),
  ),
};

/** Public (no sign-in, rate limited). */
export const CertVerifyCalls = {
  detail: defineCall('/api/cert/verify/detail', CertCodeReq, CertVerifyRes),
  credential: defineCall(
    '/api/cert/verify/credential',
    Type.Object({ jwt: Type.String({ minLength: 1, maxLength: 20_000 }) }),
    CertCredentialCheck,
  ),
};

export const CertKeyCalls = {
  list: defineCall('/api/cert/key/list', Empty, Type.Array(CertKeyRow)),
  /** A new key signs from now on; the old ones stay published until retired. */
  rotate: defineCall('/api/cert/key/rotate', Empty, CertKeyRow),
  retire: defineCall(
    '/api/cert/key/retire',
    Type.Object({ kid: Type.String({ minLength: 1, maxLength: 64 }) }),
    Type.Null(),
  ),
};
