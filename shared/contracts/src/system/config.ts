import Type from 'typebox';
import { defineCall } from '../call';
import { Empty } from '../envelope';

const S = (max: number) => Type.String({ maxLength: max });

/** The site base-config form (spec admin §2): checked on the server with @exam/validators. */
export const SiteSaveReq = Type.Object({
  siteName: Type.String({ minLength: 1, maxLength: 64 }),
  backLogo: S(1000),
  frontLogo: S(1000),
  mpCode: S(1000),
  h5Host: S(500),
  tmpDir: S(500),
  copyRight: S(5000),
});
export type SiteSaveReq = Type.Static<typeof SiteSaveReq>;

/** Switch config (spec admin §3) plus the module switches the learner menus depend on. */
export const SwitchConfig = Type.Object({
  userReg: Type.Boolean(),
  userAudit: Type.Boolean(),
  /** 0 the user chooses a department, 1 a fixed default (userDeptCode). */
  userDeptType: Type.Integer({ minimum: 0, maximum: 1 }),
  userDeptCode: S(64),
  mobileLogin: Type.Boolean(),
  wechatLogin: Type.Boolean(),
  faceLogin: Type.Boolean(),
  cropLogin: Type.Boolean(),
  dingLogin: Type.Boolean(),
  realPerson: Type.Boolean(),
  faceAudit: Type.Union([Type.Literal('no'), Type.Literal('manual'), Type.Literal('auto')]),
  /** 0 several logins allowed, 1 a new login kicks the earlier one. */
  loginTick: Type.Integer({ minimum: 0, maximum: 1 }),
  moduleCourse: Type.Boolean(),
  moduleExam: Type.Boolean(),
  moduleBattle: Type.Boolean(),
  moduleCert: Type.Boolean(),
});
export type SwitchConfig = Type.Static<typeof SwitchConfig>;

/**
 * Module switches whose modules are not built yet (none now: battles landed with issue 39): they read as off, the
 * settings page shows them locked, and the server refuses to turn them on. Remove a key when its module lands.
 */
export const PENDING_MODULES = {} as const satisfies Partial<Record<keyof SwitchConfig, string>>;
export type PendingModule = keyof typeof PENDING_MODULES;
export const isPendingModule = (k: string): k is PendingModule => Object.hasOwn(PENDING_MODULES, k);

export const PROP_TYPES = ['upload', 'face', 'live', 'oauth', 'pay'] as const;
export type PropType = (typeof PROP_TYPES)[number];
/** Providers per type (spec admin §3; `minio` is any S3-compatible endpoint). */
export const PROP_PROVIDERS: Record<PropType, readonly string[]> = {
  upload: ['local', 'aliyun', 'qcloud', 'qiniu', 'minio'],
  face: ['local', 'qcloud', 'baidu', 'aliyun'],
  live: ['aliyun'],
  /** Third-party sign-in (oauth.ts): each provider has its own keys; the site switches turn them on. */
  oauth: ['wechat', 'crop', 'ding'],
  /** Payment (pay-config.ts): each provider has its own keys and its own switch (`enabled`); both may be on. */
  pay: ['wxpay', 'alipay'],
};
/** Face engines (kit face/engine.ts): `local` (this server, offline) is the default and can always be switched back to. */
export const FACE_PROVIDERS = ['local', 'qcloud', 'baidu', 'aliyun'] as const;
export type FaceProvider = (typeof FACE_PROVIDERS)[number];
/**
 * Default model and thresholds per face provider, overridable in the face config form (`model`, `threshold`,
 * `reviewBelow`; scores below `reviewBelow` fail, between it and `threshold` are uncertain). Local (0..1):
 * measured on real photos (services/kit/src/face/README.md). qcloud IAI 3.0: 50 ≈ 1/10 000 false accepts;
 * baidu match v3: 80 ≈ 1/10 000; aliyun CompareFace: 69 ≈ 1/10 000 (0..100).
 */
export const FACE_DEFAULTS: Record<
  FaceProvider,
  { model: string; threshold: number; reviewBelow: number; max: number }
> = {
  local: { model: 'human-faceres-3.3', threshold: 0.5, reviewBelow: 0.4, max: 1 },
  qcloud: { model: '3.0', threshold: 50, reviewBelow: 40, max: 100 },
  baidu: { model: 'v3', threshold: 80, reviewBelow: 70, max: 100 },
  aliyun: { model: 'facebody-2019', threshold: 69, reviewBelow: 61, max: 100 },
};
/** Settings whose values are write-only: answered masked, kept when the mask is sent back. */
export const SECRET_FIELDS = [
  'accessKeySecret',
  'secretKey',
  'pushKey',
  'pullKey',
  'encodeKey',
  'aesKey',
  'appKey',
  'appSecret',
  'corpSecret',
  'clientSecret',
  // Payment: WeChat Pay's APIv3 key, the merchant's and the Alipay app's private keys.
  'apiV3Key',
  'privateKey',
];

// Typed as one literal of the union: from a mapped (non-tuple) array TypeBox's Static would be never.
const PropType = Type.Union(PROP_TYPES.map((t) => Type.Literal(t)) as [Type.TLiteral<PropType>]);
export const PropData = Type.Record(
  Type.String({ maxLength: 64 }),
  Type.Union([S(2000), Type.Number({ minimum: -1e9, maximum: 1e9 }), Type.Boolean()]),
  { maxProperties: 60 },
);
export type PropData = Type.Static<typeof PropData>;

/** One provider's settings (storage, face, live). Empty provider: nothing saved yet. */
export const ConfigProp = Type.Object({
  type: Type.String(),
  provider: Type.String(),
  remark: Type.String(),
  data: PropData,
  /** Whether this provider is the one in use. */
  current: Type.Boolean(),
});
export type ConfigProp = Type.Static<typeof ConfigProp>;

/** The config form; the server checks the fields the provider needs (spec admin §5). */
export const ConfigPropForm = Type.Object({
  type: Type.Optional(Type.String({ maxLength: 16 })),
  provider: Type.Optional(Type.String({ maxLength: 16 })),
  remark: Type.Optional(S(500)),
  data: Type.Optional(PropData),
});
export type ConfigPropForm = Type.Static<typeof ConfigPropForm>;

export const ConfigCalls = {
  save: defineCall('/api/sys/config/save', SiteSaveReq, Type.Null()),
  switchDetail: defineCall('/api/sys/config/switch/detail', Empty, SwitchConfig),
  switchSave: defineCall('/api/sys/config/switch/save', SwitchConfig, Type.Null()),
  /** No provider: the one in use. */
  propDetail: defineCall(
    '/api/sys/config/prop/detail',
    Type.Object({ type: PropType, provider: Type.Optional(Type.String({ maxLength: 16 })) }),
    ConfigProp,
  ),
  propSave: defineCall('/api/sys/config/prop/save', ConfigPropForm, Type.Null()),
  /** Saves the form and makes its provider the one in use. */
  propChange: defineCall('/api/sys/config/prop/change', ConfigPropForm, Type.Null()),
};
