import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@rstest/core';
import type { OauthType } from '@exam/contracts';
import { schema } from '@exam/server-kit';
import { call, createTestApp, signIn } from '@exam/server-kit/testing';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { seed, systemService } from '../index';
import { landing, oauthBrowser } from './testing/oauth-flow';
import { type OauthStandIn, startOauthStandIn } from './testing/stand-in';

// Third-party sign-in and binding through the real app against the stand-in providers: bind from the user
// centre, sign in with the binding, and every way it must fail (codes, states, browsers, accounts, hosts).
const KEYS = {
  wechat: { appId: 'wxtestapp0001', appSecret: 'wechat-secret-0001' },
  crop: { corpId: 'wwtestcorp01', agentId: '1000009', corpSecret: 'wecom-secret-0001' },
  ding: { clientId: 'dingtestapp01', clientSecret: 'ding-secret-0001' },
};
const clock = { skewMs: 0 };
let app: FastifyInstance;
let standIn: OauthStandIn;
let admin: string;
let learner: string;
let learner2: string;
let browser: ReturnType<typeof oauthBrowser>;

const saveKeys = (type: OauthType, data: Record<string, string>) =>
  call(
    app,
    '/api/sys/config/prop/save',
    { type: 'oauth', provider: type, data: { apiBase: standIn.url, ...data } },
    admin,
  );
async function switches(on: Partial<Record<'wechatLogin' | 'cropLogin' | 'dingLogin', boolean>>) {
  const cur = (await call(app, '/api/sys/config/switch/detail', {}, admin)).body.data;
  expect((await call(app, '/api/sys/config/switch/save', { ...cur, ...on }, admin)).status).toBe(200);
}
const bindList = async (token: string) =>
  (await call(app, '/api/sys/user/bind/bind-list', {}, token)).body.data as {
    id: string;
    loginType: string;
    loginType_dictText: string;
    openId: string;
    nickName: string;
  }[];
const whoAmI = async (token: string) =>
  (await call(app, '/api/sys/user/info', {}, token)).body.data?.userName as string | undefined;

beforeAll(async () => {
  standIn = await startOauthStandIn({ ...KEYS, now: () => Date.now() + clock.skewMs });
  process.env.OAUTH_API_BASE_ALLOW = 'http://127.0.0.1:';
  app = await createTestApp({
    services: [systemService],
    seeds: [seed],
    config: { siteOrigins: ['http://exam.test'] },
  });
  [admin, learner, learner2] = await Promise.all([
    signIn(app, 'admin', 'Admin@2026'),
    signIn(app, 'learner', 'Learner@2026'),
    signIn(app, 'learner2', 'Learner@2026'),
  ]);
}, 60_000);
// Each test from an address of its own: failures count per address (10 in a window, as password guesses).
let addr = 1;
beforeEach(() => {
  browser = oauthBrowser(app, standIn, `203.0.113.${addr++}`);
});
afterAll(async () => {
  delete process.env.OAUTH_API_BASE_ALLOW;
  await app.close();
  await standIn.close();
});

describe('configuration and the login page buttons', () => {
  it('no provider until it is both configured and switched on; secrets are answered masked', async () => {
    expect((await call(app, '/api/sys/user/oauth/providers', {})).body.data).toEqual([]);
    for (const type of ['wechat', 'crop', 'ding'] as const) expect((await saveKeys(type, KEYS[type])).status).toBe(200);
    expect((await call(app, '/api/sys/user/oauth/providers', {})).body.data).toEqual([]);
    await switches({ wechatLogin: true, cropLogin: true, dingLogin: true });
    expect(
      (await call(app, '/api/sys/user/oauth/providers', {})).body.data.map((p: { title: string }) => p.title),
    ).toEqual(['微信', '企业微信', '钉钉']);
    const shown = (await call(app, '/api/sys/config/prop/detail', { type: 'oauth', provider: 'ding' }, admin)).body
      .data;
    expect(shown.data.clientSecret).not.toBe(KEYS.ding.clientSecret);
    expect(shown.data.clientId).toBe(KEYS.ding.clientId);
    // The mask sent back, or nothing, keeps the secret (the flows below still work).
    expect((await saveKeys('ding', { ...KEYS.ding, clientSecret: shown.data.clientSecret })).status).toBe(200);
    expect((await saveKeys('wechat', { ...KEYS.wechat, appSecret: '' })).status).toBe(200);
    const stored = await app.db.select().from(schema.sysConfigProp).where(eq(schema.sysConfigProp.provider, 'wechat'));
    expect(stored[0].data).toMatchObject({ appSecret: KEYS.wechat.appSecret });
  });

  it('refuses missing keys and an API address the server does not allow; only admins configure', async () => {
    expect((await saveKeys('crop', { ...KEYS.crop, agentId: '' })).body.msg).toBe('AgentID不能为空！');
    const evil = await call(
      app,
      '/api/sys/config/prop/save',
      { type: 'oauth', provider: 'ding', data: { ...KEYS.ding, apiBase: 'https://evil.example' } },
      admin,
    );
    expect(evil.status).toBe(400);
    expect(evil.body.msg).toBe('本服务器不允许修改第三方接口地址，请留空！');
    expect(
      (await call(app, '/api/sys/config/prop/save', { type: 'oauth', provider: 'ding', data: KEYS.ding }, learner))
        .status,
    ).toBe(403);
  });
});

describe.each(['wechat', 'crop', 'ding'] as const)('%s: bind in the user centre, then sign in', (type) => {
  const person = { id: `alice-${type}`, nick: '爱丽丝' };

  it('binds the signed-in learner and lists the binding with its dictionary text', async () => {
    const r = await browser.flow(type, 'bind', person, { token: learner });
    expect(landing(r.location)).toMatchObject({ path: '/pages/uc/bind', result: 'bound', origin: 'http://exam.test' });
    const row = (await bindList(learner)).find((b) => b.loginType === type)!;
    expect(row.openId).toBe(standIn.boundId(type, person));
    // WeCom's code gives the member's userid only.
    expect(row.nickName).toBe(type === 'crop' ? person.id : person.nick);
    expect(row.loginType_dictText).toBe({ wechat: '微信', crop: '企业微信', ding: '钉钉' }[type]);
  });

  it('signs in as the bound learner through a one-time ticket for /pages/login/sync', async () => {
    const s = await browser.start(type, 'login', { redirect: '/pages/exam' });
    const back = await browser.authorize(s.body.data!.url, type, person);
    const r = await browser.callback(back, s.cookie);
    const l = landing(r.location);
    expect(r.status).toBe(302);
    expect(l).toMatchObject({ path: '/pages/login/sync', redirect: '/pages/exam' });
    expect(r.location).not.toContain('token=');
    const token = (await call(app, '/api/sys/user/oauth/ticket', { ticket: l.ticket })).body.data.token;
    expect(await whoAmI(token)).toBe('learner');
    expect((await call(app, '/api/sys/user/oauth/ticket', { ticket: l.ticket })).status).toBe(400);
    // The same state and code again: the state is spent (and the code too).
    expect(landing((await browser.callback(back, s.cookie)).location).result).toBe('state');
  });

  it('a replayed code is refused by the provider, in a fresh flow', async () => {
    const first = await browser.flow(type, 'login', person);
    expect(landing(first.location).ticket).toBeTruthy();
    const s = await browser.start(type, 'login');
    const replay = new URL(first.back);
    replay.searchParams.set('state', new URL(s.body.data!.url).searchParams.get('state')!);
    expect(landing((await browser.callback(replay, s.cookie)).location).result).toBe('code');
  });

  it('an unbound identity cannot sign in (never matched by name)', async () => {
    const r = await browser.flow(type, 'login', { id: 'learner', nick: '张小明' });
    expect(landing(r.location)).toMatchObject({ path: '/pages/login/login', result: 'unbound' });
  });

  it('an identity bound to another account cannot be bound again; an account binds one per provider', async () => {
    expect(landing((await browser.flow(type, 'bind', person, { token: learner2 })).location).result).toBe('taken');
    // Already bound: refused before the provider is asked; a flow started earlier is refused at the callback.
    expect((await browser.start(type, 'bind', { token: learner })).body.msg).toBe(
      '当前账号已绑定该类型的第三方账号，请先解绑！',
    );
    const early = await browser.start(type, 'bind', { token: learner2 });
    await browser.flow(type, 'bind', { id: `mine-${type}` }, { token: learner2 });
    const back = await browser.authorize(early.body.data!.url, type, { id: `other-${type}` });
    expect(landing((await browser.callback(back, early.cookie)).location).result).toBe('hasType');
  });
});

describe('state, browser and host checks', () => {
  it("a forged state, a state from another browser, a missing cookie and another provider's state are refused", async () => {
    const s = await browser.start('ding', 'login');
    const back = await browser.authorize(s.body.data!.url, 'ding', { id: 'alice-ding' });
    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state-value');
    expect(landing((await browser.callback(forged, s.cookie)).location).result).toBe('state');
    const other = await browser.start('ding', 'login');
    expect(landing((await browser.callback(back, other.cookie)).location).result).toBe('state');
    // The refused attempt spent the state: even the right cookie cannot use it now.
    expect(landing((await browser.callback(back, s.cookie)).location).result).toBe('state');
    const s2 = await browser.start('ding', 'login');
    const back2 = await browser.authorize(s2.body.data!.url, 'ding', { id: 'alice-ding' });
    expect(landing((await browser.callback(back2, '')).location).result).toBe('state');
    const s3 = await browser.start('ding', 'login');
    const back3 = await browser.authorize(s3.body.data!.url, 'ding', { id: 'alice-ding' });
    back3.pathname = back3.pathname.replace(/ding$/, 'wechat');
    expect(landing((await browser.callback(back3, s3.cookie)).location).result).toBe('state');
  });

  it('a code that expired at the provider is refused', async () => {
    const s = await browser.start('ding', 'login');
    const back = await browser.authorize(s.body.data!.url, 'ding', { id: 'alice-ding' });
    clock.skewMs = 6 * 60_000;
    try {
      expect(landing((await browser.callback(back, s.cookie)).location).result).toBe('code');
    } finally {
      clock.skewMs = 0;
    }
  });

  it('the user refusing at the provider comes back as denied', async () => {
    const s = await browser.start('wechat', 'login');
    const back = await browser.authorize(s.body.data!.url, 'wechat', 'deny');
    expect(landing((await browser.callback(back, s.cookie)).location).result).toBe('denied');
  });

  it("returns only to the site's own origins (SITE_URL) and h5Host, never to a Host header; a forged origin or redirect is refused", async () => {
    const evil = await browser.start('ding', 'login', { origin: 'https://evil.example' });
    expect(evil.status).toBe(400);
    expect(evil.body.msg).toBe('回调地址不在本站允许的地址内！');
    // Issue 35 finding 2: Host and origin both forged.
    const forged = await browser.start('ding', 'login', { host: 'evil.example', origin: 'http://evil.example' });
    expect(forged).toMatchObject({ status: 400, body: { msg: '回调地址不在本站允许的地址内！' } });
    const hostOnly = await browser.start('ding', 'login', { host: 'evil.example' });
    expect(new URL(hostOnly.body.data!.url).searchParams.get('redirect_uri')).toBe(
      'http://exam.test/api/sys/user/oauth/callback/ding',
    );
    for (const redirect of ['//evil.example/x', '/\t/evil.example/x', '/\\evil.example', 'https://evil.example/']) {
      expect({ redirect, status: (await browser.start('ding', 'login', { redirect })).status }).toEqual({
        redirect,
        status: 400,
      });
    }
    const own = await browser.start('ding', 'login');
    expect(new URL(own.body.data!.url).searchParams.get('redirect_uri')).toBe(
      'http://exam.test/api/sys/user/oauth/callback/ding',
    );
    expect(own.cookie).toMatch(/^exam_oauth_nonce=/);
    const site = (await call(app, '/api/sys/config/detail', { id: '1' }, admin)).body.data;
    await call(app, '/api/sys/config/save', { ...site, h5Host: 'https://m.exam.example/' }, admin);
    const h5 = await browser.start('ding', 'login', { origin: 'https://m.exam.example' });
    expect(new URL(h5.body.data!.url).searchParams.get('redirect_uri')).toBe(
      'https://m.exam.example/api/sys/user/oauth/callback/ding',
    );
  });

  it('binding needs a signed-in user', async () => {
    expect((await browser.start('ding', 'bind')).status).toBe(401);
  });

  it('starts are limited per address', async () => {
    const busy = oauthBrowser(app, standIn, '198.51.100.77');
    for (let i = 0; i < 60; i++) expect((await busy.start('ding', 'login')).status).toBe(200);
    expect((await busy.start('ding', 'login')).status).toBe(429);
  });
});

describe('accounts and provider trouble', () => {
  it('a disabled user cannot sign in with the binding', async () => {
    await app.db.update(schema.sysUser).set({ state: 1 }).where(eq(schema.sysUser.userName, 'learner'));
    try {
      expect(landing((await browser.flow('ding', 'login', { id: 'alice-ding' })).location).result).toBe('disabled');
    } finally {
      await app.db.update(schema.sysUser).set({ state: 0 }).where(eq(schema.sysUser.userName, 'learner'));
    }
  });

  it('a wrong secret is a configuration problem; the rate limit is busy; a switched-off provider is refused', async () => {
    await saveKeys('wechat', { ...KEYS.wechat, appSecret: 'wrong-secret' });
    expect(landing((await browser.flow('wechat', 'login', { id: 'alice-wechat' })).location).result).toBe('config');
    await saveKeys('wechat', KEYS.wechat);
    standIn.throttle('crop');
    expect(landing((await browser.flow('crop', 'login', { id: 'alice-crop' })).location).result).toBe('busy');
    const s = await browser.start('crop', 'login');
    const back = await browser.authorize(s.body.data!.url, 'crop', { id: 'alice-crop' });
    await switches({ cropLogin: false });
    expect(landing((await browser.callback(back, s.cookie)).location).result).toBe('off');
    expect((await browser.start('crop', 'login')).body.msg).toBe('系统未开启该登录方式！');
    await switches({ cropLogin: true });
  });

  it('callbacks are limited per address like password sign-ins', async () => {
    const flood = oauthBrowser(app, standIn, '198.51.100.99');
    const back = new URL('http://exam.test/api/sys/user/oauth/callback/ding?code=x&state=nope');
    for (let i = 0; i < 10; i++) expect(landing((await flood.callback(back, '')).location).result).toBe('state');
    expect(landing((await flood.callback(back, '')).location).result).toBe('limited');
    // Another address is not affected.
    expect(landing((await browser.callback(back, '')).location).result).toBe('state');
  });
});

describe('unbinding', () => {
  it('the learner unbinds WeChat; the admin unbinds DingTalk by id; neither signs in any more', async () => {
    const rows = await bindList(learner);
    const wechat = rows.find((b) => b.loginType === 'wechat')!;
    expect((await call(app, '/api/sys/user/bind/unbind', { id: wechat.id }, learner2)).status).toBe(404);
    expect((await call(app, '/api/sys/user/bind/unbind', { id: wechat.id }, learner)).status).toBe(200);
    expect(landing((await browser.flow('wechat', 'login', { id: 'alice-wechat' })).location).result).toBe('unbound');
    const ding = rows.find((b) => b.loginType === 'ding')!;
    const paged = (
      await call(app, '/api/sys/user/bind/paging', { current: 1, size: 10, params: { userId: 'u-learner' } }, admin)
    ).body.data;
    expect(paged.records.map((r: { id: string }) => r.id)).toContain(ding.id);
    expect((await call(app, '/api/sys/user/bind/unbind-by-id', { id: ding.id }, learner)).status).toBe(403);
    expect((await call(app, '/api/sys/user/bind/unbind-by-id', { id: ding.id }, admin)).status).toBe(200);
    expect(landing((await browser.flow('ding', 'login', { id: 'alice-ding' })).location).result).toBe('unbound');
  });
});
