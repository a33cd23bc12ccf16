import Type from 'typebox';
import { defineCall } from '../call';
import { Empty } from '../envelope';
import { LoginRes } from '../session';
import { OptStr, Str } from './org-common';

/**
 * What an SMS code is for; a code sent for one purpose never serves another (decisions.md).
 * login: mobile sign-in; forgot: password reset; bind / unbind: the user centre's mobile binding.
 */
export const SmsType = Type.Union([
  Type.Literal('login'),
  Type.Literal('forgot'),
  Type.Literal('bind'),
  Type.Literal('unbind'),
]);
export type SmsType = Type.Static<typeof SmsType>;

const Mobile = Str(32);
const Captcha = { captchaKey: Str(64), captchaValue: Str(16) };

/** Spec admin §3 "SMS form": the graphic captcha is checked before a code is sent. */
export const SmsReq = Type.Object({ smsType: SmsType, mobile: Mobile, ...Captcha });
export type SmsReq = Type.Static<typeof SmsReq>;

/** Learner registration (spec admin §4): userDeptType 0 lets the learner pick deptCode, 1 uses the site default. */
export const RegReq = Type.Object({
  userName: Str(64),
  realName: Str(64),
  password: Str(128),
  deptCode: OptStr(64),
  ...Captcha,
});
export type RegReq = Type.Static<typeof RegReq>;
/** state 0 may sign in at once, 2 waits for an administrator (userAudit on). */
export const RegRes = Type.Object({ state: Type.Integer() });

export const MobileLoginReq = Type.Object({ mobile: Mobile, smsCode: Str(16) });
export type MobileLoginReq = Type.Static<typeof MobileLoginReq>;

/** Forgot password: the code sent to the bound mobile (smsType forgot) proves the owner. */
export const ForgotPassReq = Type.Object({ mobile: Mobile, smsCode: Str(16), password: Str(128) });
export type ForgotPassReq = Type.Static<typeof ForgotPassReq>;

export const UpdatePassReq = Type.Object({ oldPassword: Str(128), password: Str(128) });
export type UpdatePassReq = Type.Static<typeof UpdatePassReq>;
/** The session that made the change stays alive under a new token; every other session ends. */
export const UpdatePassRes = LoginRes;

/** Modify account (route init): a new user name, proven by the current password. */
export const InitReq = Type.Object({ userName: Str(64), password: Str(128) });
export type InitReq = Type.Static<typeof InitReq>;

/** Own profile (route info). Fields left out keep their value. */
export const ProfileReq = Type.Object({
  realName: Str(64),
  avatar: OptStr(1000),
  email: OptStr(128),
});
export type ProfileReq = Type.Static<typeof ProfileReq>;

export const Profile = Type.Object({
  id: Type.String(),
  userName: Type.String(),
  realName: Type.String(),
  avatar: Type.String(),
  email: Type.String(),
  mobile: Type.String(),
  deptCode: Type.String(),
  deptCode_dictText: Type.String(),
  points: Type.Integer(),
  createTime: Type.String(),
});
export type Profile = Type.Static<typeof Profile>;

/** Departments a registering learner may choose (userDeptType 0), and whether registration is open. */
export const RegOptions = Type.Object({
  userReg: Type.Boolean(),
  userAudit: Type.Boolean(),
  userDeptType: Type.Integer(),
  departs: Type.Array(Type.Object({ deptCode: Type.String(), deptName: Type.String() })),
});
export type RegOptions = Type.Static<typeof RegOptions>;

/** Face sign-in (spec admin §7 face-login): one camera frame, a data URL or bare base64 JPEG/PNG. */
export const FaceLoginReq = Type.Object({ base64: Type.String({ minLength: 1, maxLength: 400_000 }) });
export type FaceLoginReq = Type.Static<typeof FaceLoginReq>;
/** Where the browser's face tracker (MediaPipe face mesh) loads its files from: our server, never a CDN. */
export const FACE_ASSETS_URL = '/api/common/face-assets/';

export const AccountCalls = {
  sms: defineCall('/api/sys/user/sms', SmsReq, Type.Null()),
  regOptions: defineCall('/api/sys/user/reg-options', Empty, RegOptions),
  reg: defineCall('/api/sys/user/reg', RegReq, RegRes),
  mobileLogin: defineCall('/api/sys/user/mobile-login', MobileLoginReq, LoginRes),
  faceLogin: defineCall('/api/sys/user/face-login', FaceLoginReq, LoginRes),
  forgotPass: defineCall('/api/sys/user/forgot-pass', ForgotPassReq, Type.Null()),
  updatePass: defineCall('/api/sys/user/update-pass', UpdatePassReq, UpdatePassRes),
  init: defineCall('/api/sys/user/init', InitReq, Type.Null()),
  update: defineCall('/api/sys/user/update', ProfileReq, Type.Null()),
  profile: defineCall('/api/sys/user/profile', Empty, Profile),
};
