import { createHmac, randomUUID } from 'node:crypto';
import type { SmsProvider } from './sms-provider';

export type AliyunSmsOptions = {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** A verification template with one variable `code`. */
  templateCode: string;
  endpoint?: string;
  regionId?: string;
  /** Injected in tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  now?: () => Date;
  nonce?: () => string;
};

/** RFC 3986 encoding as Aliyun's RPC signature asks: Java's URLEncoder, then `+`→%20, `*`→%2A, `%7E`→`~`. */
export const percentEncode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Aliyun RPC signature v1: HMAC-SHA1 over `METHOD&%2F&enc(canonicalized query)`, key `secret&`. */
export function signRpc(method: 'GET' | 'POST', params: Record<string, string>, accessKeySecret: string) {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k])}`)
    .join('&');
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
  const signature = createHmac('sha1', `${accessKeySecret}&`).update(stringToSign).digest('base64');
  return { canonical, stringToSign, signature };
}

/** `yyyy-MM-ddTHH:mm:ssZ` in UTC, the Timestamp format the RPC API requires. */
const isoSeconds = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The signed GET URL of one SendSms call. */
export function buildSendSmsUrl(opts: AliyunSmsOptions, mobile: string, code: string): string {
  const params: Record<string, string> = {
    AccessKeyId: opts.accessKeyId,
    Action: 'SendSms',
    Format: 'JSON',
    PhoneNumbers: mobile,
    RegionId: opts.regionId ?? 'cn-hangzhou',
    SignName: opts.signName,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: (opts.nonce ?? randomUUID)(),
    SignatureVersion: '1.0',
    TemplateCode: opts.templateCode,
    TemplateParam: JSON.stringify({ code }),
    Timestamp: isoSeconds((opts.now ?? (() => new Date()))()),
    Version: '2017-05-25',
  };
  const { canonical, signature } = signRpc('GET', params, opts.accessKeySecret);
  return `${opts.endpoint ?? 'https://dysmsapi.aliyuncs.com'}/?Signature=${percentEncode(signature)}&${canonical}`;
}

/** The Aliyun SMS (dysmsapi) adapter. A reply other than Code "OK" is a failure. */
export function createAliyunSms(opts: AliyunSmsOptions): SmsProvider {
  const doFetch = opts.fetch ?? fetch;
  return {
    kind: 'aliyun',
    async sendCode(mobile, code) {
      const res = await doFetch(buildSendSmsUrl(opts, mobile, code), { signal: AbortSignal.timeout(10_000) });
      const body = (await res.json().catch(() => ({}))) as { Code?: string; Message?: string };
      if (body.Code !== 'OK')
        throw new Error(`Aliyun SendSms failed: ${body.Code ?? res.status} ${body.Message ?? ''}`);
    },
  };
}
