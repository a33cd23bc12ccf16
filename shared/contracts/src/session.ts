import Type from 'typebox';

export const LoginReq = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 64 }),
  password: Type.String({ minLength: 1, maxLength: 128 }),
  captchaKey: Type.Optional(Type.String({ maxLength: 64 })),
  captchaValue: Type.Optional(Type.String({ maxLength: 16 })),
});
export type LoginReq = Type.Static<typeof LoginReq>;

export const LoginRes = Type.Object({ token: Type.String() });
export type LoginRes = Type.Static<typeof LoginRes>;

/** The signed-in user as the shells keep it (spec admin §3 "User session"). */
export const UserInfo = Type.Object({
  id: Type.String(),
  userName: Type.String(),
  realName: Type.String(),
  avatar: Type.String(),
  mobile: Type.String(),
  deptCode: Type.String(),
  deptCode_dictText: Type.String(),
  roleType: Type.Integer(),
  roles: Type.Array(Type.String()),
  permissions: Type.Array(Type.String()),
  unreadMsg: Type.Integer(),
  points: Type.Integer(),
  token: Type.String(),
});
export type UserInfo = Type.Static<typeof UserInfo>;

export const CaptchaCheckReq = Type.Object({
  captchaKey: Type.String({ minLength: 1, maxLength: 64 }),
  captchaValue: Type.String({ maxLength: 16 }),
});
export type CaptchaCheckReq = Type.Static<typeof CaptchaCheckReq>;

/** Role types: 1 learner, 2 admin side. */
export const RoleType = { LEARNER: 1, ADMIN: 2 } as const;

/**
 * Websockets carry the session token in the `Sec-WebSocket-Protocol` header, as the pair
 * `[WS_TOKEN_PROTOCOL, token]`: browsers cannot set other headers on a handshake, and a URL would
 * put the token in logs. The server answers with `WS_TOKEN_PROTOCOL` alone.
 */
export const WS_TOKEN_PROTOCOL = 'token';
