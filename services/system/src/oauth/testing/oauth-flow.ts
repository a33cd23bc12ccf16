import type { OauthType } from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import type { OauthStandIn, Person } from './stand-in';

/**
 * A browser for the oauth tests: starts a flow on the app (keeping the nonce cookie it was given), lets the
 * stand-in's authorize page send it back, and follows the callback's redirect; every step can be tampered with.
 */
export function oauthBrowser(app: FastifyInstance, standIn: OauthStandIn, remoteAddress = '203.0.113.7') {
  async function start(
    type: OauthType,
    intent: 'login' | 'bind',
    opts: { token?: string; origin?: string; redirect?: string; host?: string } = {},
  ) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sys/user/oauth/start',
      remoteAddress,
      headers: {
        'content-type': 'application/json',
        host: opts.host ?? 'exam.test',
        ...(opts.token ? { token: opts.token } : {}),
      },
      payload: JSON.stringify({ type, intent, origin: opts.origin, redirect: opts.redirect }),
    });
    const body = res.json() as { code: number; msg: string; data: { url: string } | null };
    const cookie = String(res.headers['set-cookie'] ?? '').split(';')[0];
    return { status: res.statusCode, body, cookie };
  }

  /** The provider's page as `who`: the redirect back (path and query on our host). */
  async function authorize(url: string, type: OauthType, who: Person | 'deny') {
    standIn.signInAs(type, who);
    const res = await fetch(url, { redirect: 'manual' });
    const back = new URL(res.headers.get('location')!);
    return back;
  }

  async function callback(back: URL, cookie: string) {
    const res = await app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      remoteAddress,
      headers: cookie ? { cookie } : {},
    });
    return { status: res.statusCode, location: String(res.headers.location ?? '') };
  }

  /** start → provider → callback; returns where the browser lands and the code it carried. */
  async function flow(type: OauthType, intent: 'login' | 'bind', who: Person, opts: { token?: string } = {}) {
    const s = await start(type, intent, opts);
    if (!s.body.data) throw new Error(`start refused: ${s.body.msg}`);
    const back = await authorize(s.body.data.url, type, who);
    const landed = await callback(back, s.cookie);
    return { ...landed, back, cookie: s.cookie };
  }

  return { start, authorize, callback, flow };
}

/** The OAUTH_RESULTS key of a landing page, or the ticket of a sign-in. */
export const landing = (location: string) => {
  const u = new URL(location, 'http://exam.test');
  return {
    path: u.pathname,
    result: u.searchParams.get('oauth'),
    ticket: u.searchParams.get('ticket'),
    redirect: u.searchParams.get('redirect'),
    origin: u.origin,
  };
};
