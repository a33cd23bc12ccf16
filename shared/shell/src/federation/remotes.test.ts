import { beforeEach, describe, expect, it, rs } from '@rstest/core';

// A stand-in for the host's federation instance: the test decides whether a remote loads.
const host = {
  loadRemote: rs.fn(),
  registerRemotes: rs.fn(),
};
rs.mock('@module-federation/enhanced/runtime', () => ({
  getInstance: () => host,
  createInstance: () => host,
}));
const prefetch = rs.fn(async () => undefined);
rs.mock('@exam/api', () => ({ prefetch }));

const { forgetRemote, loadViewMap, preloadView, registerRemotes } = await import('./remotes');

describe('remote loading and retry', () => {
  beforeEach(() => {
    host.loadRemote.mockReset();
    host.registerRemotes.mockReset();
  });

  it('registers every remote of the runtime config by manifest URL', () => {
    registerRemotes({ apiBase: '', remotes: { mfe_exam: '/mfe/mfe-exam/remoteEntry.js' } });
    expect(host.registerRemotes).toHaveBeenCalledWith([{ name: 'mfe_exam', entry: '/mfe/mfe-exam/remoteEntry.js' }]);
  });

  it('does not keep a failed load, and a retry really loads again', async () => {
    registerRemotes({ apiBase: '', remotes: { mfe_repo: '/mfe/mfe-repo/remoteEntry.js' } });
    host.loadRemote.mockRejectedValueOnce(new Error('offline'));
    await expect(loadViewMap('mfe_repo')).rejects.toThrow('offline');

    forgetRemote('mfe_repo');
    expect(host.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'mfe_repo', entry: '/mfe/mfe-repo/remoteEntry.js' }],
      { force: true },
    );
    const views = { RepoList: async () => ({ default: () => null }) };
    host.loadRemote.mockResolvedValueOnce({ views });
    await expect(loadViewMap('mfe_repo')).resolves.toBe(views);
    expect(host.loadRemote).toHaveBeenCalledTimes(2);
    expect(host.loadRemote).toHaveBeenLastCalledWith('mfe_repo/views');
  });

  it('loads a working remote once and never re-registers it', async () => {
    registerRemotes({ apiBase: '', remotes: { mfe_watch: '/mfe/mfe-watch/remoteEntry.js' } });
    host.loadRemote.mockResolvedValue({ views: {} });
    await loadViewMap('mfe_watch');
    await loadViewMap('mfe_watch');
    forgetRemote('mfe_watch');
    expect(host.loadRemote).toHaveBeenCalledTimes(1);
    expect(host.registerRemotes).toHaveBeenCalledTimes(1);
  });

  it('refuses a remote whose module has no view map', async () => {
    host.loadRemote.mockResolvedValueOnce({});
    await expect(loadViewMap('mfe_course')).rejects.toThrow('did not export "views"');
  });

  it('the early start asks for the first data the remote declares for the view at the path, as the view loads', async () => {
    const config = { apiBase: '', remotes: { mfe_exam: '/mfe/mfe-exam/remoteEntry.js' } };
    registerRemotes(config);
    const StartExam = rs.fn(async () => ({ default: () => null }));
    const firstCalls = {
      StartExam: ({ id }: Record<string, string | undefined>) => [{ url: '/api/paper/paper/paper-view', body: { id } }],
    };
    host.loadRemote.mockResolvedValueOnce({ views: { StartExam }, firstCalls });
    preloadView(config, { key: 'exam/StartExam', params: { id: 'p-1' } });
    await rs.waitFor(() => expect(StartExam).toHaveBeenCalled());
    expect(prefetch).toHaveBeenCalledWith('/api/paper/paper/paper-view', { id: 'p-1' });
    // A view the remote declares nothing for loads without early calls.
    prefetch.mockClear();
    preloadView(config, { key: 'exam/ExamList', params: {} });
    await new Promise((r) => setTimeout(r, 10));
    expect(prefetch).not.toHaveBeenCalled();
  });
});
