import type { KeyObject } from 'node:crypto';
import { rsaSign, rsaVerify } from './rsa';

/**
 * Alipay open API signing (支付宝开放平台 RSA2): the content is the parameters sorted by name, empty values
 * left out, joined as `k=v&…` without URL encoding. A request signs everything but `sign`; an asynchronous
 * notification or a synchronous return is verified over everything but `sign` and `sign_type`; an API answer
 * is verified over the exact raw text of its `<method>_response` node. Amounts are yuan strings with two
 * decimals, converted here from integer fen without floating point.
 */
export function signContent(params: Record<string, string>, exclude: readonly string[]): string {
  return Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** The request's parameters with `sign` added. */
export function signRequest(params: Record<string, string>, key: KeyObject): Record<string, string> {
  return { ...params, sign: rsaSign(key, signContent(params, ['sign'])) };
}

/** A notification or synchronous return (already URL-decoded) signed by Alipay. */
export const verifyNotifyParams = (params: Record<string, string>, key: KeyObject) =>
  rsaVerify(key, signContent(params, ['sign', 'sign_type']), params.sign ?? '');

/** Signs a notification's parameters as Alipay does (the stand-in's side, and forged callbacks in tests). */
export const signNotifyParams = (params: Record<string, string>, key: KeyObject) => ({
  ...params,
  sign: rsaSign(key, signContent(params, ['sign', 'sign_type'])),
});

/**
 * The raw text of the JSON object under `"name":` in an answer, exactly as sent (re-serializing would change
 * escapes and spacing and break the signature); undefined when absent. Braces inside strings are skipped.
 */
export function rawNode(text: string, name: string): string | undefined {
  const at = text.indexOf(`"${name}"`);
  if (at < 0) return undefined;
  let i = at + name.length + 2;
  while (/\s/.test(text[i] ?? '')) i++;
  if (text[i] !== ':') return undefined;
  i++;
  while (/\s/.test(text[i] ?? '')) i++;
  if (text[i] !== '{') return undefined;
  const start = i;
  let depth = 0;
  let inString = false;
  for (; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return undefined;
}

/** 12345 fen → '123.45' (integer arithmetic only). */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`fen ${fen}`);
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** '123.45' → 12345, '0.3' → 30, '12' → 1200; NaN for anything that is not a yuan amount. */
export function yuanToFen(yuan: string): number {
  const m = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(yuan);
  if (!m) return Number.NaN;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
