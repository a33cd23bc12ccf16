import { createHash, randomBytes } from 'node:crypto';
import { serveStandIn } from '@exam/server-kit/stand-in-server';
import type { Core, OauthStandInOptions, Person, StandInProvider } from './stand-in-core';
import { dingStandIn, wechatStandIn, wecomStandIn } from './stand-in-providers';

export type { OauthStandInOptions, Person, StandInProvider } from './stand-in-core';

/**
 * A local stand-in for WeChat, WeCom and DingTalk sign-in, FOR TESTS AND E2E ONLY (their hosts cannot be
 * reached here). Paths are the real ones under the real host name (`/api.weixin.qq.com/sns/userinfo`), so a
 * client pointed at it with `apiBase` keeps its documented paths. Authorize pages answer at once with a
 * redirect back to redirect_uri, as the person the test chose with `signInAs` (or a refusal with `deny`);
 * codes are single-use and short-lived, wrong keys, replayed or expired codes get the provider's errors,
 * and `throttle` answers the next calls with the provider's rate-limit error.
 */
export async function startOauthStandIn(opts: OauthStandInOptions) {
  const next: Partial<Record<StandInProvider, Person | 'deny'>> = {};
  const codes = new Map<
    string,
    { provider: StandInProvider; app: string; person: Person; expires: number; used: boolean }
  >();
  const throttles: Record<StandInProvider, number> = { wechat: 0, crop: 0, ding: 0 };
  const calls: Record<StandInProvider, string[]> = { wechat: [], crop: [], ding: [] };
  const now = () => (opts.now ? opts.now() : Date.now());
  const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 24);

  const core: Core = {
    opts,
    now,
    digest,
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
  const server = await serveStandIn([
    (req, body, res) => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      return handlers.some((h) => h(req, url, body, res));
    },
  ]);

  return {
    url: server.url,
    /** Who authorizes at the provider's page from now on ('deny': the user refuses). */
    signInAs(provider: StandInProvider, who: Person | 'deny') {
      next[provider] = who;
    },
    /** The identifier our binding stores for a person (what the client makes of the provider's answer). */
    boundId(provider: StandInProvider, p: Person) {
      if (provider === 'wechat')
        return p.noUnion ? digest('wx-open', opts.wechat?.appId ?? '', p.id) : digest('wx-union', p.id);
      if (provider === 'crop') return `${opts.crop?.corpId}/${p.outsider ? `openid:${digest('wwopen', p.id)}` : p.id}`;
      return digest('ding-union', p.id);
    },
    /** Issues a code the way the authorize page would (tests that skip the browser). */
    codeFor(provider: StandInProvider, p: Person, ttlSec = 300) {
      next[provider] = p;
      const app =
        provider === 'wechat' ? opts.wechat?.appId : provider === 'crop' ? opts.crop?.corpId : opts.ding?.clientId;
      return core.issue(provider, app ?? '', ttlSec)!;
    },
    throttle: (p: StandInProvider, n = 1) => void (throttles[p] += n),
    calls,
    delay: server.delay,
    close: server.close,
  };
}
export type OauthStandIn = Awaited<ReturnType<typeof startOauthStandIn>>;
