import { adoptPrefetched, getToken, prefetch } from '@exam/api';
import { Calls, type DataOf } from '@exam/contracts';
import { configureClientWith } from '../app/clientConfig';
import type { Terminal } from '../app/ShellContext';
import { loadRuntimeConfig, prefetchRuntimeConfig } from '../config/runtimeConfig';
import { preloadView } from '../federation/remotes';
import { viewAt } from '../routes/paths';
import { firstCalls, takeFirstCalls } from './firstCalls';

// Imports only what a shell's entry holds at once (the eager shared modules and plain code): no Arco, no layout.

/**
 * Started by a shell's entry, before the shell's own modules have downloaded: reads the runtime config and, for
 * a signed-in visitor, asks for the user, the menus and the site, so their answers are there when the shell asks
 * (`post` takes a prefetched reply; a failed one is asked again and its error shown as usual). The page's first
 * script has usually sent all of these already (firstCalls.ts); their replies are taken instead of asking again.
 * Once the menus are in, it loads the view they draw at this path with its remote, instead of waiting for the
 * shell to draw first. (The remotes share with 'loaded-first', so registering them this early fetches that one
 * remote's entry only.)
 */
export function startEarly(terminal: Terminal, basename: string): void {
  const sent = takeFirstCalls();
  prefetchRuntimeConfig(sent?.config);
  if (!getToken()) return;
  loadRuntimeConfig()
    .then((config) => {
      configureClientWith(config.apiBase, basename, () => undefined); // the early calls are silent
      for (const c of sent?.calls ?? []) adoptPrefetched(c.url, c.body, c.reply);
      for (const c of firstCalls(terminal)) void prefetch(c.url, c.body); // those the first script did not send
      const routes = prefetch(Calls.routes.url, { terminal }) as Promise<DataOf<typeof Calls.routes>>;
      return routes.then((nodes) =>
        preloadView(config, viewAt(nodes, location.pathname.slice(basename.length) || '/')),
      );
    })
    .catch(() => undefined); // the shell asks again and shows what failed
}
