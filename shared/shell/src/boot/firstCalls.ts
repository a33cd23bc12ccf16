import { Calls, SITE_CONFIG_ID } from '@exam/contracts';
import type { Terminal } from '../app/ShellContext';

/** A call every signed-in start of a shell sends, with the body the shell sends it with. */
export type FirstCall = { url: string; body: unknown };
/** What the page's first script sent: the runtime config read, and each call with its response on the way. */
export type FirstCallsSent = { config: Promise<unknown>; calls: (FirstCall & { reply: Promise<Response> })[] };

/** Where the first script leaves what it sent: a global, because that script is not a module of the build. */
export const FIRST_CALLS_KEY = '__examFirstCalls';

/** The user, the menus of this shell and the site's name: what a shell asks before it can draw anything. */
export const firstCalls = (terminal: Terminal): FirstCall[] => [
  { url: Calls.info.url, body: {} },
  { url: Calls.routes.url, body: { terminal } },
  { url: Calls.siteDetail.url, body: { id: SITE_CONFIG_ID } },
];

/**
 * The page's first script (build/first-calls.ts writes it out with its arguments). It runs before any of the shell's
 * scripts has downloaded, so it refers to nothing outside itself. For a signed-in visitor it reads the runtime config
 * (preloaded by the page) and sends the first calls with the session token, as `post` would: their replies are there
 * when the shell's entry starts (`startEarly` takes them), instead of being asked for only then.
 */
export function sendFirstCalls(configUrl: string, calls: FirstCall[], key: string, tokenKey: string): void {
  const cookie = new RegExp(`(?:^|;\\s*)${tokenKey}=([^;]*)`).exec(document.cookie)?.[1];
  let token = '';
  try {
    token = cookie ? decodeURIComponent(cookie) : '';
  } catch {
    return; // not a value the client wrote: the entry asks with what the client reads, and a bad token goes to login
  }
  if (!token) return;
  const headers = { 'content-type': 'application/json', [tokenKey]: token };
  const config = fetch(configUrl).then((res) =>
    res.ok ? res.json() : Promise.reject(new Error(`${configUrl}: HTTP ${res.status}`)),
  );
  const apiBase = config.then((c: { apiBase?: unknown } | null) =>
    c && typeof c.apiBase === 'string' ? c.apiBase : '',
  );
  const sent = {
    config,
    calls: calls.map((c) => ({
      url: c.url,
      body: c.body,
      reply: apiBase.then((base) => fetch(base + c.url, { method: 'POST', headers, body: JSON.stringify(c.body) })),
    })),
  };
  // Read seconds later by the entry, which handles failures; until then a failure is not "unhandled".
  for (const p of [config, ...sent.calls.map((c) => c.reply)]) p.catch(() => undefined);
  Reflect.set(window, key, sent);
}

/** What the first script sent, taken once; undefined when it sent nothing (signed out, or a page without it). */
export function takeFirstCalls(): FirstCallsSent | undefined {
  const sent = Reflect.get(window, FIRST_CALLS_KEY) as FirstCallsSent | undefined;
  Reflect.deleteProperty(window, FIRST_CALLS_KEY);
  return sent;
}
