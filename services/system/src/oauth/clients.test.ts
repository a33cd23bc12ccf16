import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@rstest/core';
import { dingtalkClient } from './dingtalk';
import type { OauthClient } from './provider';
import { type OauthStandIn, type StandInProvider, startOauthStandIn } from './testing/stand-in';
import { wechatClient } from './wechat';
import { clearWecomTokens, wecomClient } from './wecom';

// Each client against the stand-in: the documented flow end to end (authorize page → code → identity) and
// the provider's refusals (wrong secret, replayed, expired and unknown codes, rate limit), sorted into
// what the callback tells the user.
const KEYS = {
  wechat: { appId: 'wx0123456789abcdef', appSecret: 'wechat-app-secret-123' },
  crop: { corpId: 'ww0123456789', agentId: '1000002', corpSecret: 'wecom-corp-secret-456' },
  ding: { clientId: 'dingoa123456', clientSecret: 'ding-client-secret-789' },
};
const clock = { ms: Date.UTC(2026, 10, 23) };
let standIn: OauthStandIn;

const make = (p: StandInProvider, keys: Record<string, string> = {}): OauthClient => {
  const o = { apiBase: standIn.url, timeoutMs: 2000 };
  if (p === 'wechat') return wechatClient({ ...KEYS.wechat, ...keys }, o);
  if (p === 'crop') return wecomClient({ ...KEYS.crop, ...keys }, o);
  return dingtalkClient({ ...KEYS.ding, ...keys }, o);
};
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { kind?: string; providerCode?: string }) => ({ kind: e.kind, providerCode: e.providerCode }),
  );
const SECRET_FIELD = { wechat: 'appSecret', crop: 'corpSecret', ding: 'clientSecret' } as const;

beforeAll(async () => {
  standIn = await startOauthStandIn({ ...KEYS, now: () => clock.ms });
});
afterAll(() => standIn.close());
beforeEach(() => clearWecomTokens());

describe.each(['wechat', 'crop', 'ding'] as const)('%s client against the stand-in', (p) => {
  it('the authorize page sends the browser back with a code and the state; the code names the person', async () => {
    const client = make(p);
    standIn.signInAs(p, { id: 'alice', nick: '爱丽丝' });
    const res = await fetch(client.authorizeUrl('http://site.test/cb?x=1', 'st4te'), { redirect: 'manual' });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe('http://site.test/cb');
    expect(back.searchParams.get('state')).toBe('st4te');
    const code = back.searchParams.get('code')!;
    const who = await client.identify(code);
    expect(who.openId).toBe(standIn.boundId(p, { id: 'alice' }));
    expect(who.ids).toContain(who.openId);
    if (p !== 'crop') expect(who.nick).toBe('爱丽丝');
  });

  it('a code works once: the replay is refused as a bad code', async () => {
    const code = standIn.codeFor(p, { id: 'bob' });
    await make(p).identify(code);
    expect(await failure(make(p).identify(code))).toMatchObject({ kind: 'code' });
  });

  it('an expired or made-up code is a bad code', async () => {
    const code = standIn.codeFor(p, { id: 'carol' }, 60);
    clock.ms += 61_000;
    expect(await failure(make(p).identify(code))).toMatchObject({ kind: 'code' });
    expect(await failure(make(p).identify('nonsense-code'))).toMatchObject({ kind: 'code' });
  });

  it('a wrong secret is our configuration, never the user', async () => {
    const code = standIn.codeFor(p, { id: 'dave' });
    expect(await failure(make(p, { [SECRET_FIELD[p]]: 'wrong-secret' }).identify(code))).toMatchObject({
      kind: 'config',
    });
  });

  it('the rate limit and an unreachable provider are busy', async () => {
    standIn.throttle(p);
    expect(await failure(make(p).identify(standIn.codeFor(p, { id: 'erin' })))).toMatchObject({ kind: 'busy' });
    const down =
      p === 'wechat'
        ? wechatClient(KEYS.wechat, { apiBase: 'http://127.0.0.1:9', timeoutMs: 500 })
        : p === 'crop'
          ? wecomClient(KEYS.crop, { apiBase: 'http://127.0.0.1:9', timeoutMs: 500 })
          : dingtalkClient(KEYS.ding, { apiBase: 'http://127.0.0.1:9', timeoutMs: 500 });
    expect(await failure(down.identify('x'))).toMatchObject({ kind: 'busy', providerCode: 'network' });
  });

  it('a refusal at the provider comes back without a code', async () => {
    standIn.signInAs(p, 'deny');
    const res = await fetch(make(p).authorizeUrl('http://site.test/cb', 's'), { redirect: 'manual' });
    expect(new URL(res.headers.get('location')!).searchParams.get('code')).toBeNull();
  });
});

describe('provider specifics', () => {
  it('wechat: without an open-platform account there is no unionid, the openid is the identity', async () => {
    const who = await make('wechat').identify(standIn.codeFor('wechat', { id: 'frank', noUnion: true }));
    expect(who.ids).toEqual([who.openId]);
    expect(who.openId).toBe(standIn.boundId('wechat', { id: 'frank', noUnion: true }));
  });

  it('wecom: the corp token is fetched once and shared; an outsider is known by openid, never as a member', async () => {
    const before = standIn.calls.crop.filter((c) => c === '/cgi-bin/gettoken').length;
    await make('crop').identify(standIn.codeFor('crop', { id: 'gina' }));
    await make('crop').identify(standIn.codeFor('crop', { id: 'hank' }));
    expect(standIn.calls.crop.filter((c) => c === '/cgi-bin/gettoken').length - before).toBe(1);
    const outsider = await make('crop').identify(standIn.codeFor('crop', { id: 'gina', outsider: true }));
    expect(outsider.openId).not.toBe(`${KEYS.crop.corpId}/gina`);
  });

  it('wecom: inside the WeCom client the OAuth page (snsapi_base) gives the code, no QR scan', async () => {
    const client = make('crop');
    const url = client.authorizeUrl('http://site.test/cb', 'st', 'Mozilla/5.0 wxwork/4.1.0 MicroMessenger/7.0.1');
    expect(new URL(url).pathname).toBe('/open.weixin.qq.com/connect/oauth2/authorize');
    standIn.signInAs('crop', { id: 'ivy' });
    const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!);
    expect((await client.identify(back.searchParams.get('code')!)).openId).toBe(`${KEYS.crop.corpId}/ivy`);
  });

  it('the authorize URLs carry the documented parameters for the real hosts', () => {
    const w = new URL(wechatClient(KEYS.wechat).authorizeUrl('https://exam.example/cb', 's1'));
    expect(`${w.origin}${w.pathname}${w.hash}`).toBe('https://open.weixin.qq.com/connect/qrconnect#wechat_redirect');
    expect(Object.fromEntries(w.searchParams)).toEqual({
      appid: KEYS.wechat.appId,
      redirect_uri: 'https://exam.example/cb',
      response_type: 'code',
      scope: 'snsapi_login',
      state: 's1',
    });
    const c = new URL(wecomClient(KEYS.crop).authorizeUrl('https://exam.example/cb', 's2'));
    expect(`${c.origin}${c.pathname}`).toBe('https://login.work.weixin.qq.com/wwlogin/sso/login');
    expect(c.searchParams.get('login_type')).toBe('CorpApp');
    expect(c.searchParams.get('agentid')).toBe(KEYS.crop.agentId);
    const d = new URL(dingtalkClient(KEYS.ding).authorizeUrl('https://exam.example/cb', 's3'));
    expect(`${d.origin}${d.pathname}`).toBe('https://login.dingtalk.com/oauth2/auth');
    expect(Object.fromEntries(d.searchParams)).toEqual({
      redirect_uri: 'https://exam.example/cb',
      response_type: 'code',
      client_id: KEYS.ding.clientId,
      scope: 'openid',
      state: 's3',
      prompt: 'consent',
    });
  });
});
