import { createHash, createHmac } from 'node:crypto';

/**
 * Tencent Cloud API 3.0 signature v3 (TC3-HMAC-SHA256), step by step as the "Signature v3" document
 * describes it: canonical request → string to sign → derived key (date, service, tc3_request) → signature.
 * Used by the qcloud client to sign and by the stand-in to check what a client sent.
 */
export type Tc3Input = {
  secretId: string;
  secretKey: string;
  /** The product, first label of the host (`iai`). */
  service: string;
  /** X-TC-Timestamp, seconds. */
  timestamp: number;
  /** The request body exactly as sent. */
  payload: string;
  /** The headers to sign, names in any case (must include content-type and host). */
  headers: Record<string, string>;
  method?: string;
  /** Canonical query string (empty for POST). */
  query?: string;
};

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const hmac = (key: Buffer | string, msg: string) => createHmac('sha256', key).update(msg, 'utf8').digest();

/** The UTC date of a timestamp, yyyy-mm-dd (the document warns against the local date). */
export const utcDate = (timestamp: number) => new Date(timestamp * 1000).toISOString().slice(0, 10);

export function tc3Sign(i: Tc3Input) {
  const entries = Object.entries(i.headers)
    .map(([k, v]) => [k.trim().toLowerCase(), v.trim().toLowerCase()] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const canonicalHeaders = entries.map(([k, v]) => `${k}:${v}\n`).join('');
  const signedHeaders = entries.map(([k]) => k).join(';');
  const canonicalRequest = [
    i.method ?? 'POST',
    '/',
    i.query ?? '',
    canonicalHeaders,
    signedHeaders,
    sha256(i.payload),
  ].join('\n');
  const date = utcDate(i.timestamp);
  const scope = `${date}/${i.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(i.timestamp), scope, sha256(canonicalRequest)].join('\n');
  const signing = hmac(hmac(hmac(`TC3${i.secretKey}`, date), i.service), 'tc3_request');
  const signature = createHmac('sha256', signing).update(stringToSign, 'utf8').digest('hex');
  const authorization = `TC3-HMAC-SHA256 Credential=${i.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return { canonicalRequest, stringToSign, signature, authorization, signedHeaders };
}

/** The parts of an Authorization header (the stand-in reads what a client sent). */
export function parseTc3Authorization(header: string) {
  const m =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      header.trim(),
    );
  return m ? { secretId: m[1], date: m[2], service: m[3], signedHeaders: m[4].split(';'), signature: m[5] } : null;
}
