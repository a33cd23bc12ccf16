import { createHmac } from 'node:crypto';

/**
 * Alibaba Cloud RPC signature (SignatureMethod HMAC-SHA1, SignatureVersion 1.0): the signature the
 * Vision Intelligence (facebody, version 2019-12-30) "common request parameters" document names for its
 * RPC-style API. Parameters sorted by name, each name and value percent-encoded (RFC 3986: space %20,
 * `*` %2A, `~` kept), joined with `&`; string to sign = METHOD & %2F & encode(that); key = secret + "&".
 */
export const percentEncode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The canonicalized query of every parameter except Signature. */
export function canonicalize(params: Record<string, string>) {
  return Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k])}`)
    .join('&');
}

export const stringToSign = (method: string, params: Record<string, string>) =>
  `${method}&${percentEncode('/')}&${percentEncode(canonicalize(params))}`;

export const rpcSignature = (method: string, params: Record<string, string>, secret: string) =>
  createHmac('sha1', `${secret}&`).update(stringToSign(method, params), 'utf8').digest('base64');

/** ISO 8601 UTC without milliseconds, as the Timestamp parameter wants it. */
export const rpcTimestamp = (sec: number) => new Date(sec * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
