import { getToken, prefetch } from '@exam/api';
import { Calls } from '@exam/contracts';
import { configureClientWith } from '../app/clientConfig';
import type { Terminal } from '../app/ShellContext';
import { loadRuntimeConfig, prefetchRuntimeConfig } from '../config/runtimeConfig';

// Imports only what a shell's entry holds at once (the eager shared modules and plain code): no Arco, no layout.

/**
 * Started by a shell's entry, before the shell's own modules have downloaded: reads the runtime config and, for
 * a signed-in visitor, asks for the user and the menus, so their answers are there when the guard asks (`post`
 * takes a prefetched reply; a failed one is asked again and its error shown as usual).
 *
 * The first view's remote is not loaded from here: registered before the host's shared modules are set up, the
 * federation runtime fetched every remote's entry to compare versions (4 needless remoteEntry files).
 */
export function startEarly(terminal: Terminal, basename: string): void {
  prefetchRuntimeConfig();
  if (!getToken()) return;
  loadRuntimeConfig()
    .then((config) => {
      configureClientWith(config.apiBase, basename, () => undefined); // the early calls are silent
      void prefetch(Calls.info.url, {});
      void prefetch(Calls.routes.url, { terminal });
    })
    .catch(() => undefined); // the shell asks again and shows what failed
}
