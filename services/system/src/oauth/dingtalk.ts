import { strOf } from '@exam/server-kit';
import { callProvider } from './http';
import { type ClientOptions, type OauthClient, OauthFailure } from './provider';

/**
 * DingTalk OAuth 2 login (登录第三方网站): the browser authorizes on login.dingtalk.com/oauth2/auth (scope
 * openid); the server trades the authCode for a user access token (POST /v1.0/oauth2/userAccessToken) and
 * reads the user (GET /v1.0/contact/users/me with x-acs-dingtalk-access-token). unionId is the identity.
 * The new API answers errors with an HTTP status and `{ code, message, requestid }`; the codes name the
 * parameter or the limit, so they are sorted by family.
 */
function failure(status: number, body: Record<string, unknown>, codeMayBeBad: boolean): OauthFailure {
  const code = strOf(body.code) || `http-${status}`;
  if (status === 429 || /throttl|qpslimit|flowcontrol/i.test(code)) return new OauthFailure('busy', code);
  if (codeMayBeBad && /authcode|invalid_?grant|code\.(notfound|expired|used)/i.test(code))
    return new OauthFailure('code', code);
  if (/secret|clientid|appkey|authentication|forbidden|unauthorized/i.test(code) || status === 401 || status === 403)
    return new OauthFailure('config', code);
  return new OauthFailure('busy', code);
}

export function dingtalkClient(cfg: { clientId: string; clientSecret: string }, o: ClientOptions = {}): OauthClient {
  const host = (h: string) => (o.apiBase ? `${o.apiBase}/${h}` : `https://${h}`);
  const api = host('api.dingtalk.com');
  return {
    type: 'ding',
    authorizeUrl(redirectUri, state) {
      const q = new URLSearchParams({
        redirect_uri: redirectUri,
        response_type: 'code',
        client_id: cfg.clientId,
        scope: 'openid',
        state,
        prompt: 'consent',
      });
      return `${host('login.dingtalk.com')}/oauth2/auth?${q}`;
    },
    async identify(code) {
      const t = await callProvider(
        `${api}/v1.0/oauth2/userAccessToken`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            clientId: cfg.clientId,
            clientSecret: cfg.clientSecret,
            code,
            grantType: 'authorization_code',
          }),
        },
        o,
      );
      const accessToken = strOf(t.body.accessToken);
      if (t.status !== 200 || !accessToken) throw failure(t.status, t.body, true);
      const u = await callProvider(
        `${api}/v1.0/contact/users/me`,
        { method: 'GET', headers: { 'x-acs-dingtalk-access-token': accessToken } },
        o,
      );
      if (u.status !== 200) throw failure(u.status, u.body, false);
      const unionId = strOf(u.body.unionId);
      const openId = strOf(u.body.openId);
      if (!unionId && !openId) throw new OauthFailure('busy', 'no-user');
      return { openId: unionId || openId, ids: [unionId, openId].filter(Boolean), nick: strOf(u.body.nick) };
    },
  };
}
