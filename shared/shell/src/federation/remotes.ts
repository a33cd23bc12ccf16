import type { ComponentType } from 'react';
import { createInstance, getInstance, type ModuleFederation } from '@module-federation/enhanced/runtime';
import { prefetch } from '@exam/api';
import type { RuntimeConfig } from '../config/runtimeConfig';
import type { ViewAtPath } from '../routes/paths';
import { parseViewKey } from './viewKey';

/** What every remote exposes as `./views` (docs/frontend-contract.md). */
export type ViewModule = { default: ComponentType };
export type ViewMap = Record<string, () => Promise<ViewModule>>;
/**
 * What a view asks for as it first draws, by view name, from the path's parameters (a remote may export this beside
 * `views`): a shell's early start sends these calls while the view's code loads, and the view's own calls take
 * the replies (`prefetch`). Each must be the call and body the view sends, or it is only a wasted call.
 */
export type FirstCalls = Record<
  string,
  (params: Record<string, string | undefined>) => { url: string; body: unknown }[]
>;

let entries: Record<string, string> = {};
let registered = '';
let ownInstance: ModuleFederation | null = null;

/**
 * The host's federation instance: the build plugin creates it (with the shared singletons), so
 * remotes registered on it share React, the store and Arco. The fallback only serves tests.
 */
function federation(): ModuleFederation {
  const host = getInstance();
  if (host) return host;
  ownInstance ??= createInstance({ name: 'exam_shell', remotes: [] });
  return ownInstance;
}

/** Registers every remote of the runtime config by its remoteEntry.js URL; nothing is compiled in. */
export function registerRemotes(config: RuntimeConfig): void {
  // Once per config: the early start may have registered them already (a second time would warn and re-register).
  const key = JSON.stringify(config.remotes);
  if (key === registered) return;
  registered = key;
  entries = { ...config.remotes };
  federation().registerRemotes(Object.entries(entries).map(([name, entry]) => ({ name, entry })));
}

export const isRemoteKnown = (remote: string) => Object.hasOwn(entries, remote);

const viewMaps = new Map<string, Promise<ViewMap>>();
const firstCallsOf = new Map<string, FirstCalls>();
const loaded = new Set<string>();

/** The view map of a remote, loaded once; a failed load is not kept, so the next call retries. */
export function loadViewMap(remote: string): Promise<ViewMap> {
  const cached = viewMaps.get(remote);
  if (cached) return cached;
  const loading = federation()
    .loadRemote<{ views?: ViewMap; firstCalls?: FirstCalls }>(`${remote}/views`)
    .then((mod) => {
      if (!mod?.views) throw new Error(`${remote}/views did not export "views"`);
      loaded.add(remote);
      if (mod.firstCalls) firstCallsOf.set(remote, mod.firstCalls);
      return mod.views;
    });
  viewMaps.set(remote, loading);
  loading.catch(() => {
    if (viewMaps.get(remote) === loading) viewMaps.delete(remote);
  });
  return loading;
}

/**
 * Starts loading the view the menus draw at the page's path, with its remote, while the shell's own modules
 * download (the early start), and asks for the view's first data as soon as the remote says what that is; the
 * shell's lazy view then finds its code loaded and its replies on the way. A failure is left to the shell, which
 * loads again and shows its error.
 */
export function preloadView(config: RuntimeConfig, at: ViewAtPath | undefined): void {
  const parsed = at ? parseViewKey(at.key) : null;
  if (!at || !parsed || !Object.hasOwn(config.remotes, parsed.remote)) return;
  registerRemotes(config);
  loadViewMap(parsed.remote)
    .then((views) => {
      for (const c of firstCallsOf.get(parsed.remote)?.[parsed.view]?.(at.params) ?? []) void prefetch(c.url, c.body);
      return views[parsed.view]?.();
    })
    .catch(() => undefined);
}

/**
 * Before a retry: forget everything cached about a remote that failed to load (our promise, and
 * the runtime's entry cache, by registering it again with `force`). A remote that
 * loaded and then failed on one view chunk stays: the chunk loader tries that chunk again itself.
 */
export function forgetRemote(remote: string): void {
  if (loaded.has(remote)) return;
  viewMaps.delete(remote);
  const entry = entries[remote];
  if (entry) federation().registerRemotes([{ name: remote, entry }], { force: true });
}
