import { CERT_JWKS_PATH } from '@exam/contracts';
import { badRequest, type Db, fmtTime } from '@exam/server-kit';
import {
  calculateJwkThumbprint,
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  importJWK,
  importPKCS8,
  type JWK,
} from 'jose';
import { type KeyRow, keyRepository } from './key-repository';

export const SIGN_ALG = 'EdDSA';
/** How long a process keeps the signing key before reading it again (a rotation elsewhere reaches it by then). */
const CACHE_MS = 60_000;

export type SigningKey = { kid: string; privateKey: CryptoKey };

/**
 * A key's `kid` as JOSE headers and the JWKS name it: a URI that dereferences to the key (the JWKS, the key picked by
 * the fragment, its JWK thumbprint), the same string in both so JWKS clients match it as it is.
 */
export const kidUri = (origin: string, thumbprint: string) => `${origin}${CERT_JWKS_PATH}#${thumbprint}`;
export type PublicJwk = JWK & { kid: string; alg: string; use: string };

/**
 * The platform's Ed25519 keys for Open Badges credentials: made on first use, rotated by an admin (the new key signs,
 * the old ones stay published in the JWKS until retired, so credentials they signed still verify).
 */
export function keyService({ db, origin }: { db: Db; origin: string }) {
  const repo = keyRepository(db);
  let cached: { at: number; key: SigningKey } | null = null;
  // Parallel first grants wait for one read (and at most one new key) rather than each making one.
  let loading: Promise<SigningKey> | null = null;

  async function create(): Promise<KeyRow> {
    const { publicKey, privateKey } = await generateKeyPair(SIGN_ALG, { crv: 'Ed25519', extractable: true });
    const jwk = await exportJWK(publicKey);
    const row = {
      kid: await calculateJwkThumbprint(jwk),
      publicJwk: jwk as Record<string, string>,
      privatePem: await exportPKCS8(privateKey),
    };
    await repo.insert(row);
    cached = null;
    return { ...row, createTime: new Date(), retireTime: null };
  }

  const publicOf = (k: KeyRow): PublicJwk => ({
    ...(k.publicJwk as JWK),
    kid: kidUri(origin, k.kid),
    alg: SIGN_ALG,
    use: 'sig',
  });

  return {
    /** The key that signs now (one is made when there is none). */
    async signing(): Promise<SigningKey> {
      if (cached && Date.now() - cached.at < CACHE_MS) return cached.key;
      loading ??= (async () => {
        const row = (await repo.live())[0] ?? (await create());
        const key = { kid: row.kid, privateKey: (await importPKCS8(row.privatePem, SIGN_ALG)) as CryptoKey };
        cached = { at: Date.now(), key };
        return key;
      })().finally(() => {
        loading = null;
      });
      return loading;
    },

    /** The published public keys (JWKS `keys`). */
    published: async (): Promise<PublicJwk[]> => (await repo.live()).map(publicOf),

    /** The published public key a header's `kid` names (its URI or bare thumbprint), ready to verify with, or null. */
    async verifier(headerKid: string): Promise<CryptoKey | null> {
      const kid = headerKid.split('#').pop();
      const row = (await repo.live()).find((k) => k.kid === kid);
      return row ? ((await importJWK(publicOf(row), SIGN_ALG)) as CryptoKey) : null;
    },

    async list() {
      const rows = await repo.all();
      const signingKid = rows.find((k) => !k.retireTime)?.kid;
      return rows.map((k) => ({
        kid: k.kid,
        createTime: fmtTime(k.createTime),
        retireTime: fmtTime(k.retireTime),
        signing: k.kid === signingKid,
      }));
    },

    async rotate() {
      const k = await create();
      return { kid: k.kid, createTime: fmtTime(k.createTime), retireTime: '', signing: true };
    },

    /** Retires a key no longer signing: credentials it signed stop verifying. */
    async retire(kid: string) {
      const live = await repo.live();
      if (live[0]?.kid === kid) throw badRequest('正在使用的签名密钥不能停用，请先更换密钥！');
      if (!(await repo.retire(kid))) throw badRequest('签名密钥不存在或已停用！');
      cached = null;
    },
  };
}
export type KeyService = ReturnType<typeof keyService>;
