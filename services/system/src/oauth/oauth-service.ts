import {
  Code,
  localPathOf,
  OAUTH_CALLBACK_PATH,
  OAUTH_RESULTS,
  OAUTH_SWITCHES,
  OAUTH_TITLES,
  OAUTH_TYPES,
  type OauthProvider,
  type OauthResult,
  type OauthStartReq,
  type OauthType,
  type PropData,
} from '@exam/contracts';
import {
  AppError,
  badRequest,
  type Db,
  hit,
  isUniqueViolation,
  type KeyValue,
  originsOf,
  tooMany,
  unauthorized,
} from '@exam/server-kit';
import { clientFor } from './clients';
import { h5Host, propOf, storedSwitches } from '../config/config-repository';
import { bindingOf, bindingOfIdentity, insertBinding } from '../uc/bind-repository';
import { userExists } from '../user/user-repository';
import { oauthStates, type StateRecord } from './oauth-state';
import { OauthFailure } from './provider';

/** What the oauth flow needs of the sign-in service (account/login-service.ts). */
type Logins = {
  countThirdParty(ip: string): Promise<unknown>;
  thirdPartyDone(ip: string): Promise<void>;
  loginBound(userId: string): Promise<string>;
};
type Deps = { db: Db; kv: KeyValue; logins: Logins; siteOrigins: string[]; log: (msg: string) => void };

/** Flows one address may start a minute. */
export const START_PER_IP_MINUTE = 60;
const LOGIN_PAGE = '/pages/login/login';
const BIND_PAGE = '/pages/uc/bind';
const ACCOUNT_RESULTS: Partial<Record<number, OauthResult>> = {
  [Code.ACCOUNT_DISABLED]: 'disabled',
  [Code.ACCOUNT_PENDING]: 'pending',
  [Code.ACCOUNT_EXPIRED]: 'expired',
  [Code.BAD_CREDENTIALS]: 'unbound',
};

/**
 * Third-party sign-in and binding: `start` hands out the provider's authorize URL with a state bound to this
 * browser; the provider sends the browser to `callback`, which answers with where the browser goes next
 * (a one-time ticket for /pages/login/sync, the binding screen, or a page with an OAUTH_RESULTS key).
 * An identity is only ever matched through the binding table, never by name or e-mail.
 */
export function oauthService(deps: Deps) {
  const { db, kv, logins } = deps;
  const states = oauthStates(kv);

  /** The provider's client from its saved keys (site config type `oauth`), and whether its site switch is on. */
  async function clientOf(type: OauthType) {
    const [switches, p] = await Promise.all([storedSwitches(db), propOf(db, 'oauth', type)]);
    return { on: switches[OAUTH_SWITCHES[type]] === true, client: clientFor(type, (p?.data ?? {}) as PropData) };
  }

  /** The configured site origins and the H5 host: the only places a flow may return to (never the request's Host). */
  async function allowedOrigins() {
    return new Set([...deps.siteOrigins, ...originsOf(await h5Host(db))]);
  }

  async function callbackResult(
    type: OauthType,
    rec: StateRecord,
    code: string,
    ip: string,
  ): Promise<{ result?: OauthResult; ticket?: string }> {
    if (!code) return { result: 'denied' };
    const { on, client } = await clientOf(type);
    if (!on) return { result: 'off' };
    if (!client) return { result: 'config' };
    let who;
    try {
      who = await client.identify(code);
    } catch (e) {
      if (!(e instanceof OauthFailure)) throw e;
      if (e.kind !== 'code') deps.log(`oauth ${type} ${e.kind}: ${e.providerCode}`);
      return { result: e.kind };
    }
    const bound = await bindingOfIdentity(db, type, who.ids);
    if (rec.intent === 'login') {
      if (!bound) return { result: 'unbound' };
      try {
        const token = await logins.loginBound(bound.userId);
        await logins.thirdPartyDone(ip);
        return { ticket: await states.ticket(token) };
      } catch (e) {
        const r = e instanceof AppError ? ACCOUNT_RESULTS[e.code] : undefined;
        if (r) return { result: r };
        throw e;
      }
    }
    if (bound) return { result: bound.userId === rec.userId ? 'bound' : 'taken' };
    // The account may have been deleted since the flow started.
    if (!(await userExists(db, rec.userId!))) return { result: 'state' };
    try {
      await insertBinding(db, rec.userId!, type, who);
    } catch (e) {
      // One binding per user and type, one account per identity: the unique indexes decide races.
      if (isUniqueViolation(e)) return { result: (await bindingOfIdentity(db, type, who.ids)) ? 'taken' : 'hasType' };
      throw e;
    }
    await logins.thirdPartyDone(ip);
    return { result: 'bound' };
  }

  return {
    /** Providers switched on with their keys saved: the login page shows a button for each. */
    async providers(): Promise<OauthProvider[]> {
      const all = await Promise.all(OAUTH_TYPES.map(async (type) => ({ type, ...(await clientOf(type)) })));
      return all.filter((p) => p.on && p.client).map((p) => ({ type: p.type, title: OAUTH_TITLES[p.type] }));
    },

    async start(
      req: OauthStartReq,
      ctx: { userId?: string; ip: string; userAgent?: string },
    ): Promise<{ url: string; nonce: string; secure: boolean }> {
      const { on, client } = await clientOf(req.type);
      if (!on) throw badRequest('系统未开启该登录方式！');
      if (!client) throw badRequest('第三方登录配置有误，请联系管理员！');
      if (req.intent === 'bind' && !ctx.userId) throw unauthorized();
      if (req.intent === 'bind' && (await bindingOf(db, ctx.userId!, req.type)))
        throw badRequest(OAUTH_RESULTS.hasType);
      // Each start stores a state for 10 minutes: an address gets a classroom's worth a minute, not a flood.
      if (!(await hit(kv, `oauth:start:${ctx.ip}`, START_PER_IP_MINUTE, 60))) throw tooMany();
      const origin = req.origin ? req.origin.replace(/\/+$/, '') : deps.siteOrigins[0];
      if (!origin || !(await allowedOrigins()).has(origin)) throw badRequest('回调地址不在本站允许的地址内！');
      const redirect = req.redirect ? localPathOf(req.redirect) : '';
      if (redirect === null) throw badRequest('跳转地址不正确！');
      const { state, nonce } = await states.create({
        type: req.type,
        intent: req.intent,
        userId: ctx.userId,
        origin,
        redirect,
      });
      return {
        url: client.authorizeUrl(`${origin}${OAUTH_CALLBACK_PATH}/${req.type}`, state, ctx.userAgent),
        nonce,
        secure: origin.startsWith('https:'),
      };
    },

    /** Where the provider's redirect leads; never throws for anything a browser or provider sent. */
    async callback(input: { type: string; code: string; state: string; nonce: string; ip: string }): Promise<string> {
      try {
        await logins.countThirdParty(input.ip);
      } catch {
        return `${LOGIN_PAGE}?oauth=limited`;
      }
      const rec = await states.consume(input.state);
      // Unknown, used or expired state, or one of another provider: nothing here says where it came from.
      if (!rec || rec.type !== input.type) return `${LOGIN_PAGE}?oauth=state`;
      const page = `${rec.origin}${rec.intent === 'bind' ? BIND_PAGE : LOGIN_PAGE}`;
      // The state must come back to the browser that asked for it (login CSRF, a link sent to someone else).
      if (!input.nonce || states.hashNonce(input.nonce) !== rec.nonceHash) return `${page}?oauth=state`;
      const { result, ticket } = await callbackResult(rec.type, rec, input.code, input.ip);
      if (ticket)
        return `${rec.origin}/pages/login/sync?${new URLSearchParams({ ticket, ...(rec.redirect ? { redirect: rec.redirect } : {}) })}`;
      return `${page}?oauth=${result}`;
    },

    async redeem(ticket: string): Promise<string> {
      const token = await states.redeem(ticket);
      // 400, not 401: the client would leave for the login page before the sync page explains.
      if (!token) throw badRequest('登录信息已失效，请重新登录！');
      return token;
    },
  };
}
