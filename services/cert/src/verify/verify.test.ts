import { CERT_JWKS_PATH, CertGrantCalls, CertKeyCalls, CertMineCalls, CertVerifyCalls } from '@exam/contracts';
import { schema } from '@exam/server-kit';
import { call } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { eq } from 'drizzle-orm';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, type JSONWebKeySet, jwtVerify } from 'jose';
import { newCertCode } from '../grant/codes';
import { type Ctx, certTestApp, ORIGIN, USERS } from '../testing/fixture';
import { examRuleBody, saveRule, saveTmpl } from '../testing/grants';
import { VERIFY_LIMITS } from './verify-service';

let ctx: Ctx;
let grant: { id: string; code: string };

/** A public call from an address of its own (each test's limits start fresh). */
const from = (ip: string) => (url: string, body: unknown) =>
  ctx.app
    .inject({
      method: 'POST',
      url,
      remoteAddress: ip,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    })
    .then((r) => ({ status: r.statusCode, body: r.json() }));
const jwks = async () => (await ctx.app.inject({ method: 'GET', url: CERT_JWKS_PATH })).json() as JSONWebKeySet;
const credential = async () =>
  (await call(ctx.app, CertMineCalls.credential.url, { id: grant.id }, ctx.learner)).body.data.jwt as string;

beforeAll(async () => {
  ctx = await certTestApp();
  const tmplId = await saveTmpl(ctx, {
    name: 't',
    pageSize: 'A5',
    orientation: 'portrait',
    elements: [{ type: 'realName', x: 20, y: 20 }],
  });
  const ruleId = (await saveRule(ctx, examRuleBody(tmplId))).body.data.id;
  const r = await call(ctx.app, CertGrantCalls.manual.url, { ruleId, userIds: [USERS.learner] }, ctx.admin);
  expect(r.body.data.granted).toBe(1);
  [grant] = await ctx.app.db.select({ id: schema.certGrant.id, code: schema.certGrant.code }).from(schema.certGrant);
});
afterAll(async () => {
  await ctx?.app.close();
});

describe('public verification', () => {
  it('shows only the state, titles, dates and the masked name, without signing in', async () => {
    const r = await from('10.0.0.1')(CertVerifyCalls.detail.url, { code: grant.code.toLowerCase() });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      state: 'valid',
      title: '安全生产合格证书',
      sourceTitle: '2026年安全生产考试',
      holder: '张*三',
      grantTime: expect.any(String),
      expireTime: expect.any(String),
      revokeTime: '',
    });
  });

  it('codes are not enumerable: random codes are 404s, and an address that keeps missing gets 429', async () => {
    const ask = from('10.0.0.2');
    for (let i = 0; i < VERIFY_LIMITS.misses; i++)
      expect((await ask(CertVerifyCalls.detail.url, { code: newCertCode() })).status).toBe(404);
    expect((await ask(CertVerifyCalls.detail.url, { code: newCertCode() })).status).toBe(429);
    expect((await ask(CertVerifyCalls.detail.url, { code: grant.code })).status).toBe(429);
    // Another address is not held back by it.
    expect((await from('10.0.0.3')(CertVerifyCalls.detail.url, { code: grant.code })).status).toBe(200);
  });

  it('an address gets at most the per-minute number of lookups', async () => {
    const ask = from('10.0.0.4');
    const codes = await Promise.all(
      Array.from({ length: VERIFY_LIMITS.perMinute + 1 }, () => ask(CertVerifyCalls.detail.url, { code: grant.code })),
    );
    expect(codes.filter((r) => r.status === 429)).toHaveLength(1);
  });
});

describe('Open Badges 3.0 credential', () => {
  it('is a VC-JWT over an OpenBadgeCredential that verifies against the published JWKS', async () => {
    const jwt = await credential();
    const header = decodeProtectedHeader(jwt);
    expect(Object.keys(header).sort()).toEqual(['alg', 'kid', 'typ']);
    expect(header).toMatchObject({
      alg: 'EdDSA',
      typ: 'JWT',
      kid: expect.stringMatching(new RegExp(`^${ORIGIN}/\\.well-known/jwks\\.json#`)),
    });
    const keys = await jwks();
    expect(keys.keys.every((k) => !('d' in k) && k.kty === 'OKP' && k.crv === 'Ed25519')).toBe(true);
    const { payload } = await jwtVerify(jwt, createLocalJWKSet(keys), { algorithms: ['EdDSA'] });
    const vc = payload as Record<string, any>;
    expect(vc.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(vc['@context'].slice(0, 2)).toEqual([
      'https://www.w3.org/ns/credentials/v2',
      'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
    ]);
    expect(vc.id).toBe(`${ORIGIN}/pages/cert/verify/${grant.code}`);
    expect(payload).toMatchObject({ iss: vc.issuer.id, jti: vc.id, sub: vc.credentialSubject.id });
    expect(payload.nbf).toBe(Date.parse(vc.validFrom) / 1000);
    expect(payload.exp).toBe(Date.parse(vc.validUntil) / 1000);
    expect(vc.issuer).toMatchObject({ type: ['Profile'], name: expect.any(String) });
    expect(vc.credentialSubject).toMatchObject({
      type: ['AchievementSubject'],
      id: expect.stringMatching(/^urn:uuid:/),
      achievement: {
        type: ['Achievement'],
        name: '安全生产合格证书',
        criteria: { narrative: '通过考试《2026年安全生产考试》' },
      },
    });
    expect(vc.credentialStatus).toEqual({
      id: `${ORIGIN}/api/cert/status/${grant.code}`,
      type: '1EdTechRevocationList',
    });
    const check = await from('10.0.1.1')(CertVerifyCalls.credential.url, { jwt });
    expect(check.body.data).toMatchObject({
      valid: true,
      reason: '',
      certificate: { state: 'valid', holder: '张*三' },
    });
    const issuer = (await ctx.app.inject({ method: 'GET', url: '/api/cert/issuer' })).json();
    expect(issuer).toMatchObject({ id: vc.issuer.id, type: ['Profile'] });
  });

  it('a tampered payload fails; garbage and foreign tokens are told apart', async () => {
    const jwt = await credential();
    const [h, p, s] = jwt.split('.');
    const claims = decodeJwt(jwt) as Record<string, any>;
    claims.credentialSubject.identifier[0].identityHash = '王五';
    const forged = [h, Buffer.from(JSON.stringify(claims)).toString('base64url'), s].join('.');
    await expect(jwtVerify(forged, createLocalJWKSet(await jwks()))).rejects.toThrow();
    const ask = from('10.0.1.2');
    expect((await ask(CertVerifyCalls.credential.url, { jwt: forged })).body.data).toEqual({
      valid: false,
      reason: '凭证签名无效，内容可能被篡改！',
      certificate: null,
    });
    expect((await ask(CertVerifyCalls.credential.url, { jwt: 'not.a.jwt' })).body.data.reason).toBe('凭证格式错误！');
    const foreign = [Buffer.from(JSON.stringify({ alg: 'EdDSA', kid: 'other' })).toString('base64url'), p, s].join('.');
    expect((await ask(CertVerifyCalls.credential.url, { jwt: foreign })).body.data.reason).toBe(
      '凭证不是本平台签发的，或签名密钥已停用！',
    );
  });

  it('after revocation the page, the credential check and the revocation list say revoked', async () => {
    const jwt = await credential();
    const status = async () =>
      (
        await ctx.app.inject({ method: 'GET', url: `/api/cert/status/${grant.code}`, remoteAddress: '10.0.1.3' })
      ).json();
    expect((await status()).revokedCredentials).toEqual([]);
    expect(
      (await call(ctx.app, CertGrantCalls.revoke.url, { id: grant.id, reason: '证书信息有误' }, ctx.admin)).status,
    ).toBe(200);
    const ask = from('10.0.1.3');
    expect((await ask(CertVerifyCalls.detail.url, { code: grant.code })).body.data).toMatchObject({
      state: 'revoked',
      revokeTime: expect.stringMatching(/^\d{4}-/),
    });
    expect((await ask(CertVerifyCalls.credential.url, { jwt })).body.data).toMatchObject({
      valid: false,
      reason: '证书已撤销！',
      certificate: { state: 'revoked' },
    });
    expect(await status()).toEqual({
      id: `${ORIGIN}/api/cert/status/${grant.code}`,
      issuer: `${ORIGIN}/api/cert/issuer`,
      revokedCredentials: [{ id: `${ORIGIN}/pages/cert/verify/${grant.code}` }],
    });
    expect((await call(ctx.app, CertMineCalls.credential.url, { id: grant.id }, ctx.learner)).body.msg).toBe(
      '证书已撤销，不能下载！',
    );
    // Back to valid for the tests after this one.
    await ctx.app.db
      .update(schema.certGrant)
      .set({ state: 'valid', revokeTime: null })
      .where(eq(schema.certGrant.id, grant.id));
  });

  it('an expired certificate: its credential fails with the reason', async () => {
    await ctx.app.db
      .update(schema.certGrant)
      .set({ expireTime: new Date(Date.now() + 1500) })
      .where(eq(schema.certGrant.id, grant.id));
    const jwt = await credential();
    await new Promise((r) => setTimeout(r, 2500));
    expect((await from('10.0.1.4')(CertVerifyCalls.credential.url, { jwt })).body.data).toMatchObject({
      valid: false,
      reason: '凭证已过期！',
      certificate: { state: 'expired' },
    });
    await ctx.app.db.update(schema.certGrant).set({ expireTime: null }).where(eq(schema.certGrant.id, grant.id));
  });

  it('keys rotate: the new key signs, old credentials verify until their key is retired', async () => {
    const old = await credential();
    const rotated = await call(ctx.app, CertKeyCalls.rotate.url, {}, ctx.admin);
    expect(rotated.body.data.signing).toBe(true);
    expect((await call(ctx.app, CertKeyCalls.rotate.url, {}, ctx.learner)).status).toBe(403);
    const list = (await call(ctx.app, CertKeyCalls.list.url, {}, ctx.admin)).body.data as {
      kid: string;
      signing: boolean;
    }[];
    expect(list).toHaveLength(2);
    expect((await jwks()).keys).toHaveLength(2);
    const oldKid = String(decodeProtectedHeader(old).kid).split('#')[1]!;
    const ask = from('10.0.1.5');
    expect((await ask(CertVerifyCalls.credential.url, { jwt: old })).body.data.valid).toBe(true);
    expect((await call(ctx.app, CertKeyCalls.retire.url, { kid: rotated.body.data.kid }, ctx.admin)).body.msg).toBe(
      '正在使用的签名密钥不能停用，请先更换密钥！',
    );
    expect((await call(ctx.app, CertKeyCalls.retire.url, { kid: oldKid }, ctx.admin)).status).toBe(200);
    expect((await jwks()).keys).toHaveLength(1);
    expect((await ask(CertVerifyCalls.credential.url, { jwt: old })).body.data.reason).toBe(
      '凭证不是本平台签发的，或签名密钥已停用！',
    );
    const fresh = await credential();
    expect(String(decodeProtectedHeader(fresh).kid).endsWith(`#${rotated.body.data.kid}`)).toBe(true);
    expect((await ask(CertVerifyCalls.credential.url, { jwt: fresh })).body.data.valid).toBe(true);
  });
});
