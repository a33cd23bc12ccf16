/**
 * The shells learn where the API and the remotes live at run time, from /runtime-config.json
 * (served by the server, or a file on static hosting), so moving a remote never needs a rebuild.
 */
export interface RuntimeConfig {
  /** Prefix of every call's path (the contracts' paths); '' = same origin. */
  apiBase: string;
  /** Remote name (`mfe_<domain>`) → URL of its remoteEntry.js. */
  remotes: Record<string, string>;
}

export const RUNTIME_CONFIG_URL = '/runtime-config.json';

/**
 * The shells load a remote by its remoteEntry.js (the federation runtime is built without manifest support, smaller
 * and one round trip shorter); a config written for the manifest, which sits beside it, still works.
 */
const entryUrl = (url: string) => url.replace(/mf-manifest\.json(?=$|[?#])/, 'remoteEntry.js');

/** Checks the shape, so a broken file fails loudly at start instead of deep inside a page. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const value = raw as Partial<RuntimeConfig> | null;
  if (!value || typeof value !== 'object' || !value.remotes || typeof value.remotes !== 'object') {
    throw new Error('runtime-config.json: "remotes" is missing');
  }
  const remotes: Record<string, string> = {};
  for (const [name, url] of Object.entries(value.remotes)) {
    if (typeof url !== 'string' || !url) throw new Error(`runtime-config.json: remote ${name} has no URL`);
    remotes[name] = entryUrl(url);
  }
  return { apiBase: typeof value.apiBase === 'string' ? value.apiBase : '', remotes };
}

let early: Promise<RuntimeConfig> | undefined;

/**
 * Starts reading the runtime config from the shell's entry, while the shared modules it waits for are still
 * loading, instead of after them (one round trip less before the first view), or takes the page's first script's
 * read (`sent`, the file's JSON). `loadRuntimeConfig()` then answers with this read.
 */
export function prefetchRuntimeConfig(sent?: Promise<unknown>): void {
  early ??= sent ? sent.then(parseRuntimeConfig) : readRuntimeConfig();
  early.catch(() => undefined); // reported by loadRuntimeConfig, where the shell shows it
}

export function loadRuntimeConfig(url = RUNTIME_CONFIG_URL): Promise<RuntimeConfig> {
  if (url === RUNTIME_CONFIG_URL && early) return early;
  return readRuntimeConfig(url);
}

async function readRuntimeConfig(url = RUNTIME_CONFIG_URL): Promise<RuntimeConfig> {
  // The page preloads it (shell.html), so it is on its way before this script runs; the default cache mode takes
  // that preload. Never stale: the server sends it `no-cache`, so any other load asks the server again.
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return parseRuntimeConfig(await res.json());
}
