import {
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  type KeyObject,
  X509Certificate,
} from 'node:crypto';

/**
 * SHA256withRSA, base64: what both providers sign with (WeChat Pay v3, Alipay RSA2). Keys come as the admin
 * pastes them: PEM, a certificate PEM (WeChat platform certificates) or the bare base64 body Alipay's key tool
 * and console show (PKCS#8 or PKCS#1 private keys, SPKI public keys).
 */
export const rsaSign = (key: KeyObject, message: string) =>
  createSign('RSA-SHA256').update(message, 'utf8').sign(key, 'base64');

export function rsaVerify(key: KeyObject, message: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

const bare = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'base64');

export function privateKeyOf(text: string): KeyObject {
  if (text.includes('-----BEGIN')) return createPrivateKey(text);
  try {
    return createPrivateKey({ key: bare(text), format: 'der', type: 'pkcs8' });
  } catch {
    return createPrivateKey({ key: bare(text), format: 'der', type: 'pkcs1' });
  }
}

export function publicKeyOf(text: string): KeyObject {
  if (text.includes('BEGIN CERTIFICATE')) return new X509Certificate(text).publicKey;
  if (text.includes('-----BEGIN')) return createPublicKey(text);
  return createPublicKey({ key: bare(text), format: 'der', type: 'spki' });
}
