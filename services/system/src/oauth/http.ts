import { fetchJson } from '@exam/server-kit';
import { type ClientOptions, OauthFailure } from './provider';

/** One provider call: busy and malformed answers become OauthFailure; the JSON answer otherwise (any status). */
export async function callProvider(url: string, init: RequestInit, o: ClientOptions) {
  const a = await fetchJson(url, init, o.timeoutMs);
  if (a.kind === 'busy') throw new OauthFailure('busy', a.code);
  if (a.kind === 'failed') throw new OauthFailure('busy', `${a.code} ${a.detail}`);
  return a;
}

/** WeChat and WeCom answer `{ errcode, errmsg }`; errcode 0 or absent is success. */
export function wxError(
  body: Record<string, unknown>,
  table: { code: number[]; config: number[]; busy: number[] },
): OauthFailure | undefined {
  const code = typeof body.errcode === 'number' ? body.errcode : 0;
  if (code === 0) return undefined;
  const kind = table.code.includes(code) ? 'code' : table.config.includes(code) ? 'config' : 'busy';
  return new OauthFailure(kind, String(code));
}
