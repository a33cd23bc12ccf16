import { strOf } from '@exam/server-kit';
import { callProvider, wxError } from './http';
import { type ClientOptions, type OauthClient, OauthFailure } from './provider';

/**
 * WeChat website application login (微信开放平台 网站应用微信登录): the browser shows the QR page of
 * open.weixin.qq.com (scope snsapi_login); the code (10 minutes, once) is exchanged on the server at
 * /sns/oauth2/access_token, then /sns/userinfo names the user. unionid (same person across the company's
 * apps) is the identity when WeChat gives one, else openid.
 */
const ERRORS = {
  // 40029 invalid code, 40163 code been used, 42003 oauth_code expired
  code: [40029, 40163, 42003],
  // 40013 invalid appid, 40125 invalid appsecret, 40001 invalid credential
  config: [40013, 40125, 40001],
  // -1 system busy, 45011 api minute-quota reach limit
  busy: [-1, 45011],
};

export function wechatClient(cfg: { appId: string; appSecret: string }, o: ClientOptions = {}): OauthClient {
  const host = (h: string) => (o.apiBase ? `${o.apiBase}/${h}` : `https://${h}`);
  return {
    type: 'wechat',
    authorizeUrl(redirectUri, state) {
      const q = new URLSearchParams({
        appid: cfg.appId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'snsapi_login',
        state,
      });
      return `${host('open.weixin.qq.com')}/connect/qrconnect?${q}#wechat_redirect`;
    },
    async identify(code) {
      const q = new URLSearchParams({
        appid: cfg.appId,
        secret: cfg.appSecret,
        code,
        grant_type: 'authorization_code',
      });
      const t = (await callProvider(`${host('api.weixin.qq.com')}/sns/oauth2/access_token?${q}`, { method: 'GET' }, o))
        .body;
      const tokenError = wxError(t, ERRORS);
      if (tokenError) throw tokenError;
      const accessToken = strOf(t.access_token);
      const openid = strOf(t.openid);
      if (!accessToken || !openid) throw new OauthFailure('busy', 'no-token');
      const u = (
        await callProvider(
          `${host('api.weixin.qq.com')}/sns/userinfo?${new URLSearchParams({ access_token: accessToken, openid, lang: 'zh_CN' })}`,
          { method: 'GET' },
          o,
        )
      ).body;
      // A userinfo failure is never the code's fault (it was already exchanged): busy or our config.
      const infoError = wxError(u, { ...ERRORS, code: [] });
      if (infoError) throw infoError;
      const unionid = strOf(u.unionid) || strOf(t.unionid);
      return { openId: unionid || openid, ids: [unionid, openid].filter(Boolean), nick: strOf(u.nickname) };
    },
  };
}
