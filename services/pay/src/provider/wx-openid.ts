import { jsonObject, sendRaw } from './pay-http';
import { type ClientOptions, PayFailure } from './provider';

/**
 * The payer's openid for JSAPI (微信内支付): WeChat's web authorization of the official account bound to the
 * merchant (scope snsapi_base, silent), as documented: the browser goes to `authorizeUrl`, WeChat sends it back with
 * a one-time `code`, the server exchanges it with the account's AppSecret. Only the openid is kept (no token).
 */
export type WxOpenIdConfig = { appId: string; appSecret: string };

const OPEN = 'open.weixin.qq.com';
const API = 'api.weixin.qq.com';
const base = (host: string, o: ClientOptions) => (o.apiBase ? `${o.apiBase}/${host}` : `https://${host}`);

export function wxAuthorizeUrl(cfg: WxOpenIdConfig, redirectUri: string, state: string, o: ClientOptions = {}) {
  const q = new URLSearchParams({
    appid: cfg.appId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'snsapi_base',
    state,
  });
  return `${base(OPEN, o)}/connect/oauth2/authorize?${q}#wechat_redirect`;
}

/** The code from WeChat's redirect → the payer's openid; throws PayFailure ('bad' for a used or wrong code). */
export async function wxOpenIdOf(cfg: WxOpenIdConfig, code: string, o: ClientOptions = {}): Promise<string> {
  const q = new URLSearchParams({ appid: cfg.appId, secret: cfg.appSecret, code, grant_type: 'authorization_code' });
  const a = await sendRaw(`${base(API, o)}/sns/oauth2/access_token?${q}`, { method: 'GET' }, o);
  if (a.status >= 500) throw new PayFailure('busy', `HTTP ${a.status}`);
  const body = jsonObject(a.text);
  const errcode = typeof body.errcode === 'number' ? body.errcode : 0;
  // 40029 invalid code, 40163 code used, 40001/40125 wrong secret, -1 / 45011 busy (WeChat's global return codes).
  if (errcode === -1 || errcode === 45011) throw new PayFailure('busy', String(errcode));
  if (errcode === 40001 || errcode === 40125 || errcode === 40013) throw new PayFailure('config', String(errcode));
  if (errcode || typeof body.openid !== 'string' || !body.openid)
    throw new PayFailure('bad', String(errcode || 'openid'));
  return body.openid;
}
