import { json } from '@exam/server-kit/stand-in-server';
import { type Core, type Handler, redirectBack } from './stand-in-core';

/**
 * The three providers as the stand-in plays them (tests only), each with its documented paths, parameters,
 * answer shapes and error codes. Codes: WeChat 10 minutes, WeCom and DingTalk 5 minutes; once each.
 */
const route = (url: URL, host: string) =>
  url.pathname.startsWith(`/${host}/`) ? url.pathname.slice(host.length + 1) : undefined;

export function wechatStandIn(core: Core): Handler {
  const tokens = new Map<string, { openid: string; person: { id: string; nick?: string; noUnion?: boolean } }>();
  const ids = (p: { id: string; noUnion?: boolean }) => ({
    openid: core.digest('wx-open', core.opts.wechat?.appId ?? '', p.id),
    unionid: p.noUnion ? undefined : core.digest('wx-union', p.id),
  });
  return (req, url, _body, res) => {
    const q = url.searchParams;
    const page = route(url, 'open.weixin.qq.com');
    if (page === '/connect/qrconnect') {
      core.record('wechat', page);
      if (!core.opts.wechat || q.get('appid') !== core.opts.wechat.appId)
        return (json(res, 200, { errcode: 40013, errmsg: 'invalid appid' }), true);
      if (q.get('scope') !== 'snsapi_login' || q.get('response_type') !== 'code')
        return (json(res, 200, { errcode: 10005, errmsg: 'scope 参数错误' }), true);
      const code = core.issue('wechat', q.get('appid')!, 600);
      // Refused: back with the state only (no code), as WeChat documents.
      return (
        redirectBack(res, q.get('redirect_uri') ?? '', { ...(code ? { code } : {}), state: q.get('state') ?? '' }), true
      );
    }
    const path = route(url, 'api.weixin.qq.com');
    if (!path) return false;
    core.record('wechat', path);
    if (core.throttled('wechat'))
      return (
        json(res, 200, { errcode: 45011, errmsg: 'api minute-quota reach limit  mustslower  retry next minute' }), true
      );
    if (path === '/sns/oauth2/access_token') {
      const app = core.opts.wechat;
      if (!app || q.get('appid') !== app.appId)
        return (json(res, 200, { errcode: 40013, errmsg: 'invalid appid' }), true);
      if (q.get('secret') !== app.appSecret)
        return (json(res, 200, { errcode: 40125, errmsg: 'invalid appsecret' }), true);
      if (q.get('grant_type') !== 'authorization_code')
        return (json(res, 200, { errcode: 40002, errmsg: 'invalid grant_type' }), true);
      const who = core.redeem('wechat', app.appId, q.get('code') ?? '');
      if (who === 'unknown') return (json(res, 200, { errcode: 40029, errmsg: 'invalid code' }), true);
      if (who === 'used') return (json(res, 200, { errcode: 40163, errmsg: 'code been used' }), true);
      if (who === 'expired') return (json(res, 200, { errcode: 42003, errmsg: 'oauth_code expired' }), true);
      const token = core.digest('wx-token', who.id, String(core.now()), Math.random().toString());
      const { openid, unionid } = ids(who);
      tokens.set(token, { openid, person: who });
      return (
        json(res, 200, {
          access_token: token,
          expires_in: 7200,
          refresh_token: `r${token}`,
          openid,
          scope: 'snsapi_login',
          ...(unionid ? { unionid } : {}),
        }),
        true
      );
    }
    if (path === '/sns/userinfo') {
      const t = tokens.get(q.get('access_token') ?? '');
      if (!t)
        return (
          json(res, 200, { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' }), true
        );
      if (q.get('openid') !== t.openid) return (json(res, 200, { errcode: 40003, errmsg: 'invalid openid' }), true);
      const { openid, unionid } = ids(t.person);
      return (
        json(res, 200, {
          openid,
          nickname: t.person.nick ?? t.person.id,
          sex: 0,
          province: '',
          city: '',
          country: '',
          headimgurl: '',
          privilege: [],
          ...(unionid ? { unionid } : {}),
        }),
        true
      );
    }
    return (json(res, 404, { errcode: 404, errmsg: 'not found' }), true);
  };
}

export function wecomStandIn(core: Core): Handler {
  const tokens = new Set<string>();
  return (req, url, _body, res) => {
    const q = url.searchParams;
    const corp = core.opts.crop;
    const page =
      route(url, 'login.work.weixin.qq.com') ??
      (route(url, 'open.weixin.qq.com') === '/connect/oauth2/authorize' ? '/connect/oauth2/authorize' : undefined);
    if (page === '/wwlogin/sso/login' || page === '/connect/oauth2/authorize') {
      core.record('crop', page);
      if (!corp || q.get('appid') !== corp.corpId || q.get('agentid') !== corp.agentId)
        return (json(res, 200, { errcode: 40013, errmsg: 'invalid corpid' }), true);
      if (
        page === '/connect/oauth2/authorize' &&
        (q.get('scope') !== 'snsapi_base' || q.get('response_type') !== 'code')
      )
        return (json(res, 200, { errcode: 40015, errmsg: 'invalid scope' }), true);
      const code = core.issue('crop', corp.corpId, 300);
      return (
        redirectBack(res, q.get('redirect_uri') ?? '', {
          ...(code ? { code } : {}),
          state: q.get('state') ?? '',
          appid: corp.corpId,
        }),
        true
      );
    }
    const path = route(url, 'qyapi.weixin.qq.com');
    if (!path) return false;
    core.record('crop', path);
    if (core.throttled('crop')) return (json(res, 200, { errcode: 45009, errmsg: 'api freq out of limit' }), true);
    if (path === '/cgi-bin/gettoken') {
      if (!corp || q.get('corpid') !== corp.corpId)
        return (json(res, 200, { errcode: 40013, errmsg: 'invalid corpid' }), true);
      if (q.get('corpsecret') !== corp.corpSecret)
        return (json(res, 200, { errcode: 40001, errmsg: 'invalid credential' }), true);
      const token = core.digest('ww-token', String(core.now()), Math.random().toString());
      tokens.add(token);
      return (json(res, 200, { errcode: 0, errmsg: 'ok', access_token: token, expires_in: 7200 }), true);
    }
    if (path === '/cgi-bin/auth/getuserinfo') {
      if (!tokens.has(q.get('access_token') ?? ''))
        return (json(res, 200, { errcode: 40014, errmsg: 'invalid access_token' }), true);
      const who = core.redeem('crop', corp?.corpId ?? '', q.get('code') ?? '');
      // WeCom answers 40029 for an unknown, used or expired code alike.
      if (typeof who === 'string') return (json(res, 200, { errcode: 40029, errmsg: 'invalid code' }), true);
      if (who.outsider)
        return (
          json(res, 200, { errcode: 0, errmsg: 'ok', openid: core.digest('wwopen', who.id), external_userid: '' }), true
        );
      return (
        json(res, 200, { errcode: 0, errmsg: 'ok', userid: who.id, user_ticket: core.digest('ticket', who.id) }), true
      );
    }
    return (json(res, 404, { errcode: 404, errmsg: 'not found' }), true);
  };
}

export function dingStandIn(core: Core): Handler {
  const tokens = new Map<string, { id: string; nick?: string }>();
  const fail = (res: Parameters<Handler>[3], status: number, code: string, message: string) =>
    json(res, status, { code, message, requestid: core.digest(code, String(core.now())) });
  return (req, url, body, res) => {
    const q = url.searchParams;
    const app = core.opts.ding;
    const page = route(url, 'login.dingtalk.com');
    if (page === '/oauth2/auth') {
      core.record('ding', page);
      if (!app || q.get('client_id') !== app.clientId)
        return (fail(res, 400, 'invalidClientId', 'client_id 不存在'), true);
      if (q.get('response_type') !== 'code' || !(q.get('scope') ?? '').split(' ').includes('openid'))
        return (fail(res, 400, 'invalidParameter', 'scope 或 response_type 不正确'), true);
      const code = core.issue('ding', app.clientId, 300);
      // DingTalk hands the code back as authCode (and code, for OAuth 2 clients).
      return (
        redirectBack(res, q.get('redirect_uri') ?? '', {
          ...(code ? { authCode: code, code } : { error: 'access_denied' }),
          state: q.get('state') ?? '',
        }),
        true
      );
    }
    const path = route(url, 'api.dingtalk.com');
    if (!path) return false;
    core.record('ding', path);
    if (core.throttled('ding'))
      return (fail(res, 403, 'Forbidden.AccessDenied.QpsLimitForApi', '调用该接口超过限流阈值'), true);
    if (path === '/v1.0/oauth2/userAccessToken' && req.method === 'POST') {
      let b: Record<string, unknown> = {};
      try {
        b = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      } catch {
        return (fail(res, 400, 'MissingBody', 'body is mandatory for this action.'), true);
      }
      if (!app || b.clientId !== app.clientId) return (fail(res, 400, 'invalidClientId', '不合法的clientId'), true);
      if (b.clientSecret !== app.clientSecret)
        return (fail(res, 400, 'invalidClientSecret', '不合法的clientSecret'), true);
      if (b.grantType !== 'authorization_code')
        return (fail(res, 400, 'invalidParameter.grantType', 'grantType 不合法'), true);
      const who = core.redeem('ding', app.clientId, String(b.code ?? ''));
      if (who === 'unknown') return (fail(res, 400, 'invalidAuthCode', '不合法的临时授权码'), true);
      if (who === 'used') return (fail(res, 400, 'authCode.used', '临时授权码已使用'), true);
      if (who === 'expired') return (fail(res, 400, 'authCode.expired', '临时授权码已过期'), true);
      const token = core.digest('ding-token', who.id, String(core.now()), Math.random().toString());
      tokens.set(token, who);
      return (json(res, 200, { accessToken: token, refreshToken: `r${token}`, expireIn: 7200, corpId: '' }), true);
    }
    if (path === '/v1.0/contact/users/me' && req.method === 'GET') {
      const who = tokens.get(String(req.headers['x-acs-dingtalk-access-token'] ?? ''));
      if (!who) return (fail(res, 401, 'InvalidAuthentication', '不合法的access_token'), true);
      return (
        json(res, 200, {
          nick: who.nick ?? who.id,
          avatarUrl: '',
          openId: core.digest('ding-open', app?.clientId ?? '', who.id),
          unionId: core.digest('ding-union', who.id),
          stateCode: '86',
        }),
        true
      );
    }
    return (
      fail(res, 404, 'InvalidAction.NotFound', 'Specified api is not found, please check your url and method.'), true
    );
  };
}
