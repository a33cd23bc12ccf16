import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { json } from '@exam/server-kit/stand-in-server';
import { type Core, errorPage, route } from './stand-in-core';

/** The payer as WeChat's authorization knows them under the stand-in's official account. */
export const STAND_IN_PAYER_OPENID = 'oStandInPayer000000000000001';

/**
 * WeChat's web authorization (snsapi_base) for JSAPI, FOR TESTS ONLY: the authorize page sends the browser straight
 * back with a one-time code (5 minutes); the code is exchanged for the payer's openid with the account's AppSecret,
 * refused as WeChat refuses (40125 wrong secret, 40029 unknown code, 40163 used code).
 */
export function wxAuthStandIn(core: Core) {
  const codes = new Map<string, { appId: string; until: number; used: boolean }>();
  return (req: IncomingMessage, url: URL, _body: Buffer, res: ServerResponse): boolean => {
    const cfg = core.opts.wx;
    if (route(url, 'open.weixin.qq.com') === '/connect/oauth2/authorize' && req.method === 'GET') {
      const q = url.searchParams;
      const back = q.get('redirect_uri') ?? '';
      const refused =
        !cfg || q.get('appid') !== cfg.appId
          ? ['10003', 'redirect_uri域名与后台配置不一致']
          : q.get('scope') !== 'snsapi_base' || !/^https?:\/\//.test(back)
            ? ['10005', 'scope参数错误或没有scope权限']
            : undefined;
      if (refused || !cfg) {
        errorPage(res, '微信授权', refused?.[0] ?? '10003', refused?.[1] ?? '');
        return true;
      }
      const code = randomBytes(16).toString('hex');
      codes.set(code, { appId: cfg.appId, until: core.now() + 5 * 60_000, used: false });
      const to = new URL(back);
      to.searchParams.set('code', code);
      to.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { location: to.toString() });
      res.end();
      return true;
    }
    if (route(url, 'api.weixin.qq.com') === '/sns/oauth2/access_token' && req.method === 'GET') {
      const q = url.searchParams;
      const c = codes.get(q.get('code') ?? '');
      const error =
        !cfg?.appSecret || q.get('appid') !== cfg.appId || q.get('secret') !== cfg.appSecret
          ? { errcode: 40125, errmsg: 'invalid appsecret' }
          : !c || c.until < core.now()
            ? { errcode: 40029, errmsg: 'invalid code' }
            : c.used
              ? { errcode: 40163, errmsg: 'code been used' }
              : undefined;
      if (error || !c) {
        json(res, 200, error ?? { errcode: 40029, errmsg: 'invalid code' });
        return true;
      }
      c.used = true;
      json(res, 200, {
        access_token: randomBytes(24).toString('hex'),
        expires_in: 7200,
        refresh_token: randomBytes(24).toString('hex'),
        openid: STAND_IN_PAYER_OPENID,
        scope: 'snsapi_base',
      });
      return true;
    }
    return false;
  };
}
