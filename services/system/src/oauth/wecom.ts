import { createHash } from 'node:crypto';
import { numOf, strOf } from '@exam/server-kit';
import { callProvider, wxError } from './http';
import { type ClientOptions, type OauthClient, OauthFailure } from './provider';

/**
 * WeCom (企业微信) web login: the browser scans on login.work.weixin.qq.com (wwlogin/sso/login, login_type
 * CorpApp), or inside the WeCom client passes its OAuth page (open.weixin.qq.com, snsapi_base); on the server the corp's access_token (gettoken, 2 hours, cached and shared) turns the code
 * (5 minutes, once) into the member's userid (/cgi-bin/auth/getuserinfo). The identity is corpid/userid:
 * a userid names a member only within one corp.
 */
const ERRORS = {
  // 40029 invalid code (also a used or expired one)
  code: [40029],
  // 40001 invalid secret, 40013 invalid corpid, 40056 invalid agentid, 60020 address not allowed
  config: [40001, 40013, 40056, 60020],
  // -1 system busy, 45009 api freq out of limit, 45033 too many concurrent calls
  busy: [-1, 45009, 45033],
};
/** 40014 invalid access_token, 42001 access_token expired: fetched again once. */
const STALE_TOKEN = [40014, 42001];

const tokens = new Map<string, { token: string; expiresAt: number }>();

export function wecomClient(
  cfg: { corpId: string; agentId: string; corpSecret: string },
  o: ClientOptions = {},
): OauthClient {
  const host = (h: string) => (o.apiBase ? `${o.apiBase}/${h}` : `https://${h}`);
  const api = host('qyapi.weixin.qq.com');
  // The cache key names the keys without holding the secret in clear.
  const cacheKey = createHash('sha256').update(`${api}\n${cfg.corpId}\n${cfg.corpSecret}`).digest('hex');

  async function token(fresh: boolean): Promise<string> {
    const c = tokens.get(cacheKey);
    if (c && !fresh && c.expiresAt > Date.now()) return c.token;
    const q = new URLSearchParams({ corpid: cfg.corpId, corpsecret: cfg.corpSecret });
    const body = (await callProvider(`${api}/cgi-bin/gettoken?${q}`, { method: 'GET' }, o)).body;
    const err = wxError(body, { ...ERRORS, code: [] });
    if (err) throw err;
    const t = strOf(body.access_token);
    if (!t) throw new OauthFailure('busy', 'no-token');
    // Renewed a minute early so a token never expires between our check and WeCom's.
    tokens.set(cacheKey, { token: t, expiresAt: Date.now() + Math.max(0, numOf(body.expires_in, 7200) - 60) * 1000 });
    return t;
  }

  async function userOf(code: string, retried: boolean): Promise<Record<string, unknown>> {
    const q = new URLSearchParams({ access_token: await token(retried), code });
    const body = (await callProvider(`${api}/cgi-bin/auth/getuserinfo?${q}`, { method: 'GET' }, o)).body;
    if (STALE_TOKEN.includes(numOf(body.errcode)) && !retried) return userOf(code, true);
    const err = wxError(body, ERRORS);
    if (err) throw err;
    return body;
  }

  return {
    type: 'crop',
    authorizeUrl(redirectUri, state, userAgent = '') {
      // Inside the WeCom client the member is already known: its web OAuth page (snsapi_base) answers without a scan.
      if (/wxwork/i.test(userAgent)) {
        const q = new URLSearchParams({
          appid: cfg.corpId,
          redirect_uri: redirectUri,
          response_type: 'code',
          scope: 'snsapi_base',
          state,
          agentid: cfg.agentId,
        });
        return `${host('open.weixin.qq.com')}/connect/oauth2/authorize?${q}#wechat_redirect`;
      }
      const q = new URLSearchParams({
        login_type: 'CorpApp',
        appid: cfg.corpId,
        agentid: cfg.agentId,
        redirect_uri: redirectUri,
        state,
      });
      return `${host('login.work.weixin.qq.com')}/wwlogin/sso/login?${q}`;
    },
    async identify(code) {
      const u = await userOf(code, false);
      const userid = strOf(u.userid);
      // Someone outside the corp gets an openid only: known, but never the same as a member.
      const id = userid ? `${cfg.corpId}/${userid}` : strOf(u.openid) ? `${cfg.corpId}/openid:${strOf(u.openid)}` : '';
      if (!id) throw new OauthFailure('busy', 'no-user');
      return { openId: id, ids: [id], nick: userid };
    },
  };
}

/** Tests: forget cached corp tokens. */
export const clearWecomTokens = () => tokens.clear();
