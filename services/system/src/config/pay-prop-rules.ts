import { createPrivateKey, createPublicKey, type KeyObject, X509Certificate } from 'node:crypto';
import { ALIPAY_GATEWAY, PAY_FIELDS, type PayField, type PayProviderCode, type PropData } from '@exam/contracts';
import { badRequest } from '@exam/server-kit';
import { apiBaseProblem } from '../oauth/api-base';

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : v === undefined || v === null ? '' : String(v));
const bare = (t: string) => Buffer.from(t.replace(/\s+/g, ''), 'base64');
const isBase64 = (t: string) => /^[A-Za-z0-9+/=\s]+$/.test(t);

/**
 * A key as the admin pastes it, read the way the pay service's clients read it: PEM, or the bare base64 body
 * Alipay's key tool and console show (PKCS#8 or PKCS#1 private keys, SPKI public keys). Undefined when it does not
 * parse or is not RSA (both providers sign SHA256withRSA).
 */
function privateKeyOf(t: string): KeyObject | undefined {
  const tries = t.includes('-----BEGIN')
    ? [() => createPrivateKey(t)]
    : isBase64(t)
      ? (['pkcs8', 'pkcs1'] as const).map((type) => () => createPrivateKey({ key: bare(t), format: 'der', type }))
      : [];
  return rsa(tries);
}

/** A public key, or a certificate's (WeChat Pay platform certificates); a private key pasted here is refused. */
function publicKeyOf(t: string): { key: KeyObject; serial?: string } | undefined {
  if (t.includes('PRIVATE KEY')) return undefined;
  if (t.includes('BEGIN CERTIFICATE')) {
    try {
      const cert = new X509Certificate(t);
      return cert.publicKey.asymmetricKeyType === 'rsa'
        ? { key: cert.publicKey, serial: cert.serialNumber }
        : undefined;
    } catch {
      return undefined;
    }
  }
  const key = rsa(
    t.includes('-----BEGIN')
      ? [() => createPublicKey(t)]
      : isBase64(t)
        ? [() => createPublicKey({ key: bare(t), format: 'der', type: 'spki' })]
        : [],
  );
  return key && { key };
}

function rsa(tries: (() => KeyObject)[]): KeyObject | undefined {
  for (const attempt of tries) {
    try {
      const key = attempt();
      if (key.asymmetricKeyType === 'rsa') return key;
    } catch {
      // the next form, or none
    }
  }
  return undefined;
}

const same = (a: KeyObject, b: KeyObject) =>
  a.export({ format: 'der', type: 'spki' }).equals(b.export({ format: 'der', type: 'spki' }));

/** Ids as the providers issue them (a typo caught here, not at the first payment). */
const FORMATS: Record<string, RegExp> = {
  'wxpay:mchId': /^\d{6,32}$/,
  'wxpay:appId': /^wx[0-9a-zA-Z]{8,32}$/,
  'wxpay:serialNo': /^[0-9A-Fa-f]{8,64}$/,
  'wxpay:publicKeyId': /^(PUB_KEY_ID_[0-9A-Za-z_]{1,64}|[0-9A-Fa-f]{8,64})$/,
  'alipay:appId': /^\d{8,32}$/,
  'alipay:sellerId': /^2088\d{12}$/,
};

/**
 * Checks a payment provider's settings (secrets already restored), throwing the first problem in the spec's words:
 * every required field, ids in the providers' formats, keys that parse, the addresses allowed.
 */
export function checkPay(provider: PayProviderCode, data: PropData) {
  const keys = new Map<string, KeyObject>();
  let serial: string | undefined;
  for (const f of PAY_FIELDS[provider]) {
    const v = text(data[f.key]);
    if (f.kind === 'switch') {
      if (data[f.key] !== undefined && typeof data[f.key] !== 'boolean') throw badRequest(`${f.label}开关不正确！`);
      continue;
    }
    if (!v) {
      if (f.required) throw badRequest(`请填写${f.label}！`);
      continue;
    }
    const format = FORMATS[`${provider}:${f.key}`];
    if (format && !format.test(v)) throw badRequest(`${f.label}格式不正确！`);
    if (f.key === 'apiV3Key' && (v.length !== 32 || !/^[\x21-\x7e]+$/.test(v))) throw badRequest('APIv3密钥应为32位！');
    if (f.kind === 'private-key') keys.set(f.key, privateKeyOf(v) ?? fail(f));
    if (f.kind === 'public-key') {
      const got = publicKeyOf(v) ?? fail(f);
      keys.set(f.key, got.key);
      serial = got.serial;
    }
    const problem = f.kind === 'address' ? addressProblem(f, v) : undefined;
    if (problem) throw badRequest(problem);
  }
  if (provider === 'wxpay' && serial && !sameSerial(serial, text(data.publicKeyId)))
    throw badRequest('微信支付公钥ID与平台证书序列号不一致！');
  // The commonest Alipay mistake: the app's own public key where Alipay's belongs (every answer would fail to verify).
  const app = keys.get('privateKey');
  const alipay = keys.get('alipayPublicKey');
  if (app && alipay && same(createPublicKey(app), alipay))
    throw badRequest('支付宝公钥填写的是应用公钥，请填写支付宝公钥！');
}

const fail = (f: PayField): never => {
  throw badRequest(`${f.label}格式不正确！`);
};

// Certificate serials are hex, the same in either case and with or without leading zeros.
const sameSerial = (a: string, b: string) => /^[0-9A-Fa-f]+$/.test(b) && BigInt(`0x${a}`) === BigInt(`0x${b}`);

/**
 * WeChat's API address: as sign-in's (a stand-in only where allowed). Alipay's gateway: its documented one, or a
 * stand-in's whose origin sign-in's rule allows.
 */
function addressProblem(f: PayField, v: string): string | undefined {
  if (f.key !== 'gateway') return apiBaseProblem(v);
  if (v === ALIPAY_GATEWAY) return undefined;
  const origin = /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(v) && URL.parse(v)?.origin;
  if (!origin) return `${f.label}格式不正确！`;
  return apiBaseProblem(origin) ? '本服务器不允许修改支付宝网关地址，请留空！' : undefined;
}
