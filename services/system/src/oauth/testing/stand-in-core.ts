import type { IncomingMessage, ServerResponse } from 'node:http';
import { json } from '@exam/server-kit/stand-in-server';

/** What the stand-in (stand-in.ts) and its provider modules (stand-in-providers.ts) share. */
export type StandInProvider = 'wechat' | 'crop' | 'ding';
/** Someone at the provider; the ids each provider gives them are derived from `id`. */
export type Person = {
  id: string;
  nick?: string /** WeChat: the app is not under an open-platform account (no unionid). */;
  noUnion?: boolean /** WeCom: not a member of the corp (openid only). */;
  outsider?: boolean;
};

export type OauthStandInOptions = {
  wechat?: { appId: string; appSecret: string };
  crop?: { corpId: string; agentId: string; corpSecret: string };
  ding?: { clientId: string; clientSecret: string };
  /** Milliseconds since the epoch (to expire codes). */
  now?: () => number;
};

/** What each provider module gets from the core. */
export type Core = {
  opts: OauthStandInOptions;
  now: () => number;
  /** A fresh code for the person about to authorize (single use, expires after ttlSec). */
  issue: (provider: StandInProvider, app: string, ttlSec: number) => string | undefined;
  /** Consumes a code: the person, or why not. */
  redeem: (provider: StandInProvider, app: string, code: string) => Person | 'unknown' | 'used' | 'expired';
  throttled: (provider: StandInProvider) => boolean;
  record: (provider: StandInProvider, path: string) => void;
  /** `digest('wx-union', 'alice')`: stable made-up ids. */
  digest: (...parts: string[]) => string;
};
export type Handler = (req: IncomingMessage, url: URL, body: Buffer, res: ServerResponse) => boolean;

/** Sends the browser back to redirect_uri with the given parameters (the provider's redirect). */
export function redirectBack(res: ServerResponse, redirectUri: string, params: Record<string, string>) {
  let target: URL;
  try {
    target = new URL(redirectUri);
  } catch {
    return json(res, 400, { errcode: 10003, errmsg: 'redirect_uri 参数错误' });
  }
  for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
  res.writeHead(302, { location: target.toString() });
  res.end();
}
