import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { Calls, SITE_CONFIG_ID } from '@exam/contracts';
import { firstCallsScript } from '../../build/first-calls';
import { takeFirstCalls } from './firstCalls';

type Sent = { url: string; init?: RequestInit };

/** Runs the page's first script as the built page does: its code alone, nothing of the build around it. */
const runFirstScript = (terminal: 'web' | 'admin') => new Function(firstCallsScript(terminal))();

const clearCookie = () => (document.cookie = 'token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/');

describe("the page's first script", () => {
  let sent: Sent[];
  let config: Response;

  beforeEach(() => {
    sent = [];
    config = new Response(JSON.stringify({ apiBase: '/gw', remotes: {} }));
    rs.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      sent.push({ url, init });
      return url === '/runtime-config.json'
        ? config
        : new Response(JSON.stringify({ code: 0, msg: '', data: { url }, success: true }));
    });
  });
  afterEach(() => {
    rs.restoreAllMocks();
    clearCookie();
    takeFirstCalls();
  });

  it('sends nothing for a visitor who is not signed in, and leaves nothing', async () => {
    runFirstScript('web');
    await new Promise((r) => setTimeout(r, 10));
    expect(sent).toEqual([]);
    expect(takeFirstCalls()).toBeUndefined();
  });

  it('sends nothing, and throws nothing, for a session cookie that cannot be decoded (left to the entry)', async () => {
    document.cookie = 'token=%ZZ; path=/';
    expect(() => runFirstScript('web')).not.toThrow();
    await new Promise((r) => setTimeout(r, 10));
    expect(sent).toEqual([]);
    expect(takeFirstCalls()).toBeUndefined();
  });

  it("reads the runtime config, then sends the user, this shell's menus and the site with the token, under the API base", async () => {
    document.cookie = 'token=abc%2Fdef; path=/';
    runFirstScript('admin');
    const first = takeFirstCalls();
    expect(first).toBeDefined();
    expect(await first!.config).toEqual({ apiBase: '/gw', remotes: {} });
    const replies = await Promise.all(first!.calls.map((c) => c.reply.then((r) => r.json())));
    expect(first!.calls.map((c) => [c.url, c.body])).toEqual([
      [Calls.info.url, {}],
      [Calls.routes.url, { terminal: 'admin' }],
      [Calls.siteDetail.url, { id: SITE_CONFIG_ID }],
    ]);
    expect(replies.map((r) => r.data.url)).toEqual([
      `/gw${Calls.info.url}`,
      `/gw${Calls.routes.url}`,
      `/gw${Calls.siteDetail.url}`,
    ]);
    expect(sent[0].url).toBe('/runtime-config.json'); // the calls wait for the API base
    for (const s of sent.slice(1)) {
      expect(s.init?.method).toBe('POST');
      expect(s.init?.headers).toEqual({ 'content-type': 'application/json', token: 'abc/def' });
    }
    expect(JSON.parse(String(sent[2].init?.body))).toEqual({ terminal: 'admin' });
    // Taken once: the entry of a later navigation finds nothing left.
    expect(takeFirstCalls()).toBeUndefined();
  });

  it('sends no call when the runtime config cannot be read; the failure waits for the entry, which reports it', async () => {
    document.cookie = 'token=abc; path=/';
    config = new Response('gone', { status: 404 });
    const unhandled = rs.fn();
    window.addEventListener('unhandledrejection', unhandled);
    runFirstScript('web');
    const first = takeFirstCalls()!;
    await expect(first.config).rejects.toThrow('/runtime-config.json: HTTP 404');
    await expect(first.calls[0].reply).rejects.toThrow('HTTP 404');
    expect(sent.map((s) => s.url)).toEqual(['/runtime-config.json']);
    window.removeEventListener('unhandledrejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
