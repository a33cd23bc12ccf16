import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { json, serveStandIn } from '@exam/server-kit/stand-in-server';
import { dingStandIn, wechatStandIn, wecomStandIn } from './stand-in-providers';

/**
 * A local stand-in for WeChat, WeCom and DingTalk sign-in, FOR TESTS AND E2E ONLY (their hosts cannot be
 * reached here). Paths are the real ones under the real host name (`/api.weixin.qq.com/sns/userinfo`), so a
 * client pointed at it with `apiBase` keeps its documented paths. Authorize pages answer at once with a
 * redirect back to redirect_uri, as the person the test chose with `signInAs` (or a refusal with `deny`);
 * codes are single-use and short-lived, wrong keys, replayed or expired codes get the provider's errors,
 * and `throttle` answers the next calls with the provider's rate-limit error.
 */
export type StandInProvider = 'wechat' | 'crop' | 'ding';
/** Someone at the provider; the ids each provider gives them are derived from `id`. */
export type Person = { id: string; nick?: string; /** WeChat: the app is not under an open-platform account (no unionid). */ noUnion?: boolean; /** WeCom: not a member of the corp (openid only). */ outsider?: boolean };

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

export async function startOauthStandIn(opts: OauthStandInOptions) {
  const next: Partial<Record<StandInProvider, Person | 'deny'>> = {};
  const codes = new Map<string, { provider: StandInProvider; app: string; person: Person; expires: number; used: boolean }>();
  const throttles: Record<StandInProvider, number> = { wechat: 0, crop: 0, ding: 0 };
  const calls: Record<StandInProvider, string[]> = { wechat: [], crop: [], ding: [] };
  const now = () => (opts.now ? opts.now() : Date.now());
  const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 24);

  const core: Core = {
    opts, now, digest,
    issue(provider, app, ttlSec) {
      const who = next[provider];
      if (!who || who === 'deny') return undefined;
      const code = randomBytes(16).toString('hex');
      codes.set(code, { provider, app, person: who, expires: now() + ttlSec * 1000, used: false });
      return code;
    },
    redeem(provider, app, code) {
      const c = codes.get(code);
      if (!c || c.provider !== provider || c.app !== app) return 'unknown';
      if (c.used) return 'used';
      c.used = true;
      return c.expires <= now() ? 'expired' : c.person;
    },
    throttled(p) {
      if (throttles[p] <= 0) return false;
      throttles[p] -= 1;
      return true;
    },
    record: (p, path) => void calls[p].push(path),
  };
  const handlers = [wechatStandIn(core), wecomStandIn(core), dingStandIn(core)];
  const server = await serveStandIn([(req, body, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    return handlers.some((h) => h(req, url, body, res));
  }]);

  return {
    url: server.url,
    /** Who authorizes at the provider's page from now on ('deny': the user refuses). */
    signInAs(provider: StandInProvider, who: Person | 'deny') {
      next[provider] = who;
    },
    /** The identifier our binding stores for a person (what the client makes of the provider's answer). */
    boundId(provider: StandInProvider, p: Person) {
      if (provider === 'wechat') return p.noUnion ? digest('wx-open', opts.wechat?.appId ?? '', p.id) : digest('wx-union', p.id);
      if (provider === 'crop') return `${opts.crop?.corpId}/${p.outsider ? `openid:${digest('wwopen', p.id)}` : p.id}`;
      return digest('ding-union', p.id);
    },
    /** Issues a code the way the authorize page would (tests that skip the browser). */
    codeFor(provider: StandInProvider, p: Person, ttlSec = 300) {
      next[provider] = p;
      const app = provider === 'wechat' ? opts.wechat?.appId : provider === 'crop' ? opts.crop?.corpId : opts.ding?.clientId;
      return core.issue(provider, app ?? '', ttlSec)!;
    },
    throttle: (p: StandInProvider, n = 1) => void (throttles[p] += n),
    calls,
    delay: server.delay,
    close: server.close,
  };
}
export type OauthStandIn = Awaited<ReturnType<typeof startOauthStandIn>>;
