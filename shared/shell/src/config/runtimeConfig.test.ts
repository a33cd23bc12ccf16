import { afterEach, describe, expect, it, rs } from '@rstest/core';

const reply = { apiBase: '', remotes: { mfe_exam: '/mfe/mfe-exam/remoteEntry.js' } };

describe('prefetchRuntimeConfig', () => {
  afterEach(() => void rs.restoreAllMocks());

  it('reads the file once, at once; the shell then gets that read', async () => {
    const fetches = rs.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify(reply)));
    rs.resetModules();
    const { loadRuntimeConfig, prefetchRuntimeConfig } = await import('./runtimeConfig');
    prefetchRuntimeConfig();
    expect(fetches).toHaveBeenCalledTimes(1); // started before anything asks for it
    expect(await loadRuntimeConfig()).toEqual(reply);
    expect(fetches).toHaveBeenCalledTimes(1);
  });

  it('reports a failed early read where the shell asks for it', async () => {
    rs.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('gone', { status: 404 }));
    rs.resetModules();
    const { loadRuntimeConfig, prefetchRuntimeConfig } = await import('./runtimeConfig');
    prefetchRuntimeConfig();
    await expect(loadRuntimeConfig()).rejects.toThrow('/runtime-config.json: HTTP 404');
  });
});
