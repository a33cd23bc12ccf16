import { CertState, type CertCredentialCheck, type CertVerifyRes } from '@exam/contracts';
import { fmtTime, hit, type KeyValue, notFound, tooMany } from '@exam/server-kit';
import { decodeProtectedHeader, errors, type JWTPayload, jwtVerify } from 'jose';
import { issuerId, statusUrl, verifyUrl } from '../badge/credential';
import { SIGN_ALG, type KeyService } from '../badge/key-service';
import { maskName, normalizeCode } from '../grant/codes';
import type { GrantRow } from '../grant/grant-repository';
import { type GrantService, stateOf } from '../grant/grant-service';

/**
 * Limits of the public pages per address: calls a minute, and lookups of codes that do not exist in a window (codes are
 * 128 random bits, so a run of misses is someone guessing).
 */
export const VERIFY_LIMITS = { perMinute: 60, misses: 20, missWindowSec: 600 };

const view = (g: GrantRow): CertVerifyRes => ({
  state: stateOf(g),
  title: g.title,
  sourceTitle: g.sourceTitle,
  holder: maskName(g.realName),
  grantTime: fmtTime(g.grantTime),
  expireTime: fmtTime(g.expireTime),
  revokeTime: fmtTime(g.revokeTime),
});

/** Public verification: a certificate by its code, an uploaded credential, the revocation list, the issuer and its keys. */
export function verifyService({
  kv,
  keys,
  grants,
  origin,
  issuerName,
}: {
  kv: KeyValue;
  keys: KeyService;
  grants: GrantService;
  origin: string;
  issuerName: () => Promise<string>;
}) {
  const missKey = (ip: string) => `cert:verify:miss:${ip}`;

  async function guard(ip: string) {
    if (!(await hit(kv, `cert:verify:${ip}`, VERIFY_LIMITS.perMinute, 60))) throw tooMany('查询过于频繁，请稍后再试！');
    if (Number((await kv.get(missKey(ip))) ?? 0) >= VERIFY_LIMITS.misses) throw tooMany('查询次数过多，请稍后再试！');
  }

  /** The grant of a code, or a 404 that counts against the address. */
  async function byCode(code: string, ip: string): Promise<GrantRow> {
    const c = normalizeCode(code);
    const g = c ? await grants.byCode(c) : undefined;
    if (g) return g;
    await kv.incr(missKey(ip), VERIFY_LIMITS.missWindowSec);
    throw notFound('证书不存在，请核对验证码！');
  }

  /** The grant a credential's id (its verification address) names. */
  const grantOfClaims = async (p: JWTPayload | undefined) => {
    const c = normalizeCode(
      String(p?.jti ?? '')
        .split('/')
        .pop() ?? '',
    );
    return c ? grants.byCode(c) : undefined;
  };

  return {
    async detail(code: string, ip: string): Promise<CertVerifyRes> {
      await guard(ip);
      return view(await byCode(code, ip));
    },

    /** Checks a VC-JWT: its key among the published ones, signature, validity dates, claims, and the grant's revocation. */
    async credential(jwt: string, ip: string): Promise<CertCredentialCheck> {
      await guard(ip);
      const fail = (reason: string, g?: GrantRow) => ({ valid: false, reason, certificate: g ? view(g) : null });
      let kid = '';
      try {
        kid = String(decodeProtectedHeader(jwt.trim()).kid ?? '');
      } catch {
        return fail('凭证格式错误！');
      }
      const key = kid ? await keys.verifier(kid) : null;
      if (!key) return fail('凭证不是本平台签发的，或签名密钥已停用！');
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(jwt.trim(), key, { algorithms: [SIGN_ALG] }));
      } catch (e) {
        if (e instanceof errors.JWTExpired) return fail('凭证已过期！', await grantOfClaims(e.payload));
        if (e instanceof errors.JWTClaimValidationFailed) return fail('凭证尚未生效！');
        if (e instanceof errors.JWSSignatureVerificationFailed) return fail('凭证签名无效，内容可能被篡改！');
        return fail('凭证格式错误！');
      }
      // Open Badges 3.0 §8.2: iss, jti and sub repeat the credential's issuer, id and subject.
      const vc = payload as JWTPayload & {
        id?: unknown;
        issuer?: { id?: unknown };
        credentialSubject?: { id?: unknown };
      };
      if (payload.iss !== vc.issuer?.id || payload.jti !== vc.id || payload.sub !== vc.credentialSubject?.id)
        return fail('凭证内容不一致！');
      const g = await grantOfClaims(payload);
      if (!g) return fail('凭证对应的证书不存在！');
      if (g.state === CertState.REVOKED) return fail('证书已撤销！', g);
      return { valid: true, reason: '', certificate: view(g) };
    },

    /** The credential's 1EdTechRevocationList: the credential is listed once revoked (the reason stays inside). */
    async status(code: string, ip: string) {
      await guard(ip);
      const g = await byCode(code, ip);
      return {
        id: statusUrl(origin, g.code),
        issuer: issuerId(origin),
        revokedCredentials: g.state === CertState.REVOKED ? [{ id: verifyUrl(origin, g.code) }] : [],
      };
    },

    async issuer() {
      return {
        '@context': [
          'https://www.w3.org/ns/credentials/v2',
          'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
        ],
        id: issuerId(origin),
        type: ['Profile'],
        name: await issuerName(),
        url: origin,
      };
    },

    jwks: async () => ({ keys: await keys.published() }),
  };
}
