import { createCipheriv, createDecipheriv, type KeyObject, randomBytes } from 'node:crypto';
import { rsaSign, rsaVerify } from './rsa';

/**
 * WeChat Pay API v3 signing (微信支付 APIv3 签名/验签/回调解密): every signed message is a list of lines, each
 * ended by `\n` (the last one too); the signature is SHA256withRSA, base64. Requests are signed with the
 * merchant's API certificate key; answers and callbacks with the platform key, named by Wechatpay-Serial (a
 * platform certificate serial, or a WeChat Pay public key id `PUB_KEY_ID_…`); callback resources are sealed
 * with AEAD_AES_256_GCM under the APIv3 key. The stand-in uses the same helpers to play WeChat's side.
 */
export const lines = (...parts: string[]) => parts.map((p) => `${p}\n`).join('');

/** 32 hex characters, as WeChat's own examples use for nonce_str. */
export const nonceStr = () => randomBytes(16).toString('hex').toUpperCase();

export type Signer = { mchId: string; serialNo: string; key: KeyObject };

/** The Authorization header of one request; `pathAndQuery` is the URL without scheme and host. */
export function authorization(s: Signer, method: string, pathAndQuery: string, body: string, nowMs: number) {
  const timestamp = String(Math.floor(nowMs / 1000));
  const nonce = nonceStr();
  const signature = rsaSign(s.key, lines(method, pathAndQuery, timestamp, nonce, body));
  return `WECHATPAY2-SHA256-RSA2048 mchid="${s.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${s.serialNo}"`;
}

/** The fields of an Authorization header (the stand-in reads them as WeChat does); undefined when malformed. */
export function parseAuthorization(header: string): Record<string, string> | undefined {
  const m = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(header);
  if (!m) return undefined;
  const out: Record<string, string> = {};
  for (const part of m[1]!.split(',')) {
    const kv = /^\s*([a-z_]+)="([^"]*)"\s*$/.exec(part);
    if (!kv) return undefined;
    out[kv[1]!] = kv[2]!;
  }
  return out;
}

/** WeChat answers with a signature made at most five minutes ago, or it is a replay. */
export const WINDOW_SEC = 300;

export type WechatSignature = { serial: string; signature: string; timestamp: string; nonce: string };

/** Checks a signed answer or callback against the platform keys we hold (by serial or public key id). */
export function verifyWechat(h: WechatSignature, body: string, keys: Map<string, KeyObject>, nowMs: number): boolean {
  const key = keys.get(h.serial);
  if (!key || !h.signature || !h.nonce || !/^\d{1,12}$/.test(h.timestamp)) return false;
  if (Math.abs(nowMs / 1000 - Number(h.timestamp)) > WINDOW_SEC) return false;
  return rsaVerify(key, lines(h.timestamp, h.nonce, body), h.signature);
}

/** The headers WeChat signs an answer or callback with (the stand-in's side, and forged callbacks in tests). */
export function signedHeaders(key: KeyObject, serial: string, body: string, nowMs: number): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000));
  const nonce = nonceStr();
  return {
    'Wechatpay-Nonce': nonce,
    'Wechatpay-Timestamp': timestamp,
    'Wechatpay-Serial': serial,
    'Wechatpay-Signature': rsaSign(key, lines(timestamp, nonce, body)),
  };
}

export type SealedResource = { algorithm: string; ciphertext: string; nonce: string; associated_data: string };

/** Opens a callback's resource: ciphertext is base64 of the data followed by the 16-byte GCM tag. Throws when forged. */
export function openResource(apiV3Key: Buffer, r: SealedResource): string {
  if (r.algorithm !== 'AEAD_AES_256_GCM') throw new Error(`algorithm ${r.algorithm}`);
  const sealed = Buffer.from(r.ciphertext, 'base64');
  if (sealed.length < 17) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', apiV3Key, Buffer.from(r.nonce, 'utf8'));
  decipher.setAAD(Buffer.from(r.associated_data ?? '', 'utf8'));
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]).toString('utf8');
}

/** Seals a resource the way WeChat does (12-character nonce), for the stand-in. */
export function sealResource(apiV3Key: Buffer, plaintext: string, associatedData: string): SealedResource {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', apiV3Key, Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: Buffer.concat([data, cipher.getAuthTag()]).toString('base64'),
    nonce,
    associated_data: associatedData,
  };
}
