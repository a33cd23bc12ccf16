import Type, { type TSchema } from 'typebox';

/** Error codes of the wire contract (DESIGN §2). The client reacts to some of them. */
export const Code = {
  OK: 0,
  INVALID_PARAMS: 10010001,
  NOT_SIGNED_IN: 10010002,
  FORBIDDEN: 10010003,
  NOT_FOUND: 10010004,
  CONFLICT: 10010005,
  RATE_LIMITED: 10010006,
  /** A replica at its limit refused the call before handling it (HTTP 503, Retry-After): sending it again is safe. */
  BUSY: 10010007,
  SERVER_ERROR: 10010009,
  LICENSE: 10010015,
  EXAM_OVER: 20010001,
  EXAM_IN_PROGRESS: 20010002,
  BAD_CREDENTIALS: 90010001,
  CAPTCHA_REQUIRED: 90010002,
  CAPTCHA_WRONG: 90010003,
  ACCOUNT_EXPIRED: 90010004,
  ACCOUNT_DISABLED: 90010005,
  ACCOUNT_PENDING: 90010006,
} as const;

export const OK_MSG = '操作成功！';

/** `{ code, msg, data, success }`: every JSON reply has this shape. */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({
    code: Type.Integer(),
    msg: Type.String(),
    data: data,
    success: Type.Boolean(),
  });

export const ErrorEnvelope = Type.Object({
  code: Type.Integer(),
  msg: Type.String(),
  data: Type.Null(),
  success: Type.Boolean(),
});

export type EnvelopeOf<T> = { code: number; msg: string; data: T; success: boolean };

/** Ids are strings on the wire. */
export const Id = Type.String({ minLength: 1, maxLength: 64 });
export const IdReq = Type.Object({ id: Id });
export const IdsReq = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 5000 }) });
export const Empty = Type.Object({});
export type IdReq = Type.Static<typeof IdReq>;
export type IdsReq = Type.Static<typeof IdsReq>;
