import Type from 'typebox';
import { defineCall } from '../call';
import { Empty } from '../envelope';
import { OptStr, Str } from './org-common';

/**
 * Third-party sign-in and binding (spec admin §2 binding screen, §3 switches wechatLogin / cropLogin / dingLogin):
 * WeChat website QR login, WeCom (企业微信) and DingTalk over their OAuth flows. The types are values of the
 * `login_type` dictionary and the providers of the `oauth` site config.
 */
export const OAUTH_TYPES = ['wechat', 'crop', 'ding'] as const;
export type OauthType = (typeof OAUTH_TYPES)[number];
export const OAUTH_TITLES: Record<OauthType, string> = { wechat: '微信', crop: '企业微信', ding: '钉钉' };
/** The site switch that turns each provider on. */
export const OAUTH_SWITCHES: Record<OauthType, 'wechatLogin' | 'cropLogin' | 'dingLogin'> = {
  wechat: 'wechatLogin',
  crop: 'cropLogin',
  ding: 'dingLogin',
};
/** Settings per provider in the site config (the secrets are write-only, see SECRET_FIELDS). */
export const OAUTH_FIELDS: Record<OauthType, { key: string; label: string; required: boolean }[]> = {
  wechat: [
    { key: 'appId', label: 'AppID', required: true },
    { key: 'appSecret', label: 'AppSecret', required: true },
  ],
  crop: [
    { key: 'corpId', label: 'CorpID', required: true },
    { key: 'agentId', label: 'AgentID', required: true },
    { key: 'corpSecret', label: 'Secret', required: true },
  ],
  ding: [
    { key: 'clientId', label: 'Client ID', required: true },
    { key: 'clientSecret', label: 'Client Secret', required: true },
  ],
};

/** The provider sends the browser back here (GET, `/<type>?code=…&state=…`); not a JSON call. */
export const OAUTH_CALLBACK_PATH = '/api/sys/user/oauth/callback';

/**
 * What the callback tells the page it sends the browser to (`?oauth=<key>`): the page shows the text kept
 * here, so nobody can put words of their own on our login page through a link.
 */
export const OAUTH_RESULTS = {
  bound: '绑定成功!',
  state: '登录请求已失效或不是从本浏览器发起的，请重新操作！',
  code: '授权码无效或已过期，请重新授权！',
  denied: '您已取消授权！',
  unbound: '该第三方账号尚未绑定，请先使用账号登录后在个人中心绑定！',
  taken: '该第三方账号已绑定其他用户！',
  hasType: '当前账号已绑定该类型的第三方账号，请先解绑！',
  disabled: '账号已被禁用，请联系管理员！',
  pending: '账号正在审核中，请耐心等待！',
  expired: '账号已过期，请联系管理员！',
  off: '系统未开启该登录方式！',
  config: '第三方登录配置有误，请联系管理员！',
  busy: '第三方服务繁忙，请稍后再试！',
  limited: '第三方登录失败次数过多，请15分钟后再试！',
} as const;
export type OauthResult = keyof typeof OAUTH_RESULTS;

const OauthTypeSchema = Type.Union([Type.Literal('wechat'), Type.Literal('crop'), Type.Literal('ding')]);
export const OauthProvider = Type.Object({ type: Type.String(), title: Type.String() });
export type OauthProvider = Type.Static<typeof OauthProvider>;

/**
 * intent login (visitors) or bind (the signed-in user, from 账号绑定). origin: the page's own origin, one of the
 * site's hosts (h5Host, the site URL, the host asked); redirect: where to go after signing in (a path of ours).
 */
export const OauthStartReq = Type.Object({
  type: OauthTypeSchema,
  intent: Type.Union([Type.Literal('login'), Type.Literal('bind')]),
  origin: OptStr(200),
  redirect: OptStr(500),
});
export type OauthStartReq = Type.Static<typeof OauthStartReq>;

export const OauthCalls = {
  /** The providers a visitor may use: switched on and configured. */
  providers: defineCall('/api/sys/user/oauth/providers', Empty, Type.Array(OauthProvider)),
  /** The provider's authorize URL with a fresh state (and a cookie binding it to this browser). */
  start: defineCall('/api/sys/user/oauth/start', OauthStartReq, Type.Object({ url: Type.String() })),
  /** /pages/login/sync trades the callback's one-time ticket (60 s) for the session token. */
  ticket: defineCall(
    '/api/sys/user/oauth/ticket',
    Type.Object({ ticket: Str(128) }),
    Type.Object({ token: Type.String() }),
  ),
};
