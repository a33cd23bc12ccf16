import Type from 'typebox';
import { defineCall } from '../call';
import { Empty, IdReq, IdsReq } from '../envelope';
import { PagingReq, PagingRes } from '../paging';
import { OptStr, Str } from './org-common';
import { BindRow } from './user';

// ---- bindings of the signed-in user (user centre "账号绑定")
export const BindMobileReq = Type.Object({
  mobile: Str(32),
  smsCode: Str(16),
  captchaKey: OptStr(64),
  captchaValue: OptStr(16),
});
export type BindMobileReq = Type.Static<typeof BindMobileReq>;
/** userId may only name the caller (kept for the spec's shape); loginType e.g. mobile. */
export const BindInfoReq = Type.Object({ loginType: Str(16), userId: OptStr(64) });
export const BindInfo = Type.Object({
  bound: Type.Boolean(),
  loginType: Type.String(),
  openId: Type.String(),
  createTime: Type.String(),
});
export type BindInfo = Type.Static<typeof BindInfo>;

// ---- in-site messages (MyMessage)
export const MsgPagingParams = Type.Object({
  title: OptStr(100),
  /** 0 unread, 1 read; absent all. */
  readFlag: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});
export const MsgRow = Type.Object({
  id: Type.String(),
  title: Type.String(),
  readFlag: Type.Integer(),
  createTime: Type.String(),
});
export type MsgRow = Type.Static<typeof MsgRow>;
export const MsgDetail = Type.Object({ ...MsgRow.properties, content: Type.String() });
export type MsgDetail = Type.Static<typeof MsgDetail>;
/** No ids: every message of the caller is marked read. */
export const MarkReadReq = Type.Object({ ids: Type.Optional(IdsReq.properties.ids) });

// ---- points log
export const PointsRow = Type.Object({
  id: Type.String(),
  points: Type.Integer(),
  remark: Type.String(),
  createTime: Type.String(),
});
export type PointsRow = Type.Static<typeof PointsRow>;

// ---- real-name verification (when site property realPerson is on)
/**
 * photo: the learner's face photo (an upload URL of ours), enrolled as the user's face once approved;
 * capture: a live camera frame (data URL or base64), required with faceAudit auto and compared with the photo off the request.
 */
export const RealSubmitReq = Type.Object({
  realName: Str(64),
  idCard: Str(32),
  photo: OptStr(500),
  capture: Type.Optional(Type.String({ maxLength: 400_000 })),
});
export type RealSubmitReq = Type.Static<typeof RealSubmitReq>;
/** state -1 never submitted, 0 待审核, 1 已认证, 2 未通过; idCard is masked. */
export const RealInfo = Type.Object({
  state: Type.Integer(),
  realName: Type.String(),
  idCard: Type.String(),
  auditMsg: Type.String(),
  faceAudit: Type.String(),
  photo: Type.String(),
});
export type RealInfo = Type.Static<typeof RealInfo>;

/** Administrators review pending requests (faceAudit manual or auto). */
export const RealRow = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  userName: Type.String(),
  realName: Type.String(),
  idCard: Type.String(),
  state: Type.Integer(),
  auditMsg: Type.String(),
  createTime: Type.String(),
  photo: Type.String(),
});
export type RealRow = Type.Static<typeof RealRow>;
export const RealAuditReq = Type.Object({
  ids: IdsReq.properties.ids,
  state: Type.Union([Type.Literal(1), Type.Literal(2)]),
  auditMsg: OptStr(500),
});

export const UcCalls = {
  bindMobile: defineCall('/api/sys/user/bind/bind-mobile', BindMobileReq, Type.Null()),
  unbindMobile: defineCall('/api/sys/user/bind/unbind-mobile', BindMobileReq, Type.Null()),
  bindInfo: defineCall('/api/sys/user/bind/bind-info', BindInfoReq, BindInfo),
  bindList: defineCall('/api/sys/user/bind/bind-list', Empty, Type.Array(BindRow)),
  unbind: defineCall('/api/sys/user/bind/unbind', IdReq, Type.Null()),
  msgPaging: defineCall('/api/sys/user/msg/paging', PagingReq(MsgPagingParams), PagingRes(MsgRow)),
  msgDetail: defineCall('/api/sys/user/msg/detail-for-read', IdReq, MsgDetail),
  markRead: defineCall('/api/sys/user/msg/mark-read', MarkReadReq, Type.Null()),
  pointsPaging: defineCall('/api/sys/user/points/paging', PagingReq(Type.Object({})), PagingRes(PointsRow)),
  realInfo: defineCall('/api/sys/user/real/info', Empty, RealInfo),
  realSubmit: defineCall('/api/sys/user/real/submit', RealSubmitReq, RealInfo),
  realPaging: defineCall(
    '/api/sys/user/real/paging',
    PagingReq(Type.Object({ state: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })), realName: OptStr(64) })),
    PagingRes(RealRow),
  ),
  realAudit: defineCall('/api/sys/user/real/audit', RealAuditReq, Type.Null()),
};
