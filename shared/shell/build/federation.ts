/**
 * Module Federation settings every shell and remote builds with, written once so hosts and remotes
 * can never disagree about what is shared (a mismatch would load a second React or a second store).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import type { RsbuildPlugin } from '@rsbuild/core';
import { arcoComponents, arcoPerComponent } from './arco';
import { hostArcoChunks, withoutHostSheets } from './arco-chunks';
import { pluginFirstCalls } from './first-calls';
import { pluginSchemaLite } from './schema-lite';
import { SHELL_TEMPLATE } from './template';

type SharedConfig = { singleton: true; requiredVersion?: false; eager?: boolean; import?: false };

/** Singletons: one React, one router, one Redux store, one API client configuration, one of each Arco module. */
export const sharedSingletons: Record<string, SharedConfig> = {
  react: { singleton: true },
  'react-dom': { singleton: true },
  // Shared on its own: Arco's React 19 adapter imports it, and an unshared copy would add a second
  // reconciler to every remote.
  'react-dom/client': { singleton: true, requiredVersion: false },
  // The router's used part only (shared/router), not all of react-router.
  '@exam/router': { singleton: true, requiredVersion: false },
  'react-redux': { singleton: true },
  // Not Redux Toolkit: only @exam/store (itself one shared module) imports it, so it is bundled and tree-shaken there
  // instead of shared whole (a shared module keeps every export).
  // Workspace packages are consumed as source with version "*": no semver check is meaningful.
  '@exam/store': { singleton: true, requiredVersion: false },
  '@exam/api': { singleton: true, requiredVersion: false },
  // Patches Arco's React 19 render hook, which the host's components use.
  '@arco-design/web-react/es/_util/react-19-adapter': { singleton: true, requiredVersion: false },
  // Arco by component (imports rewritten by `arcoPerComponent`, arco.ts): each `es/<Component>` a singleton of its
  // own, so a view loads the components it uses, not the whole library, and every view still renders the host's one
  // copy. Named one by one, not by the `es/` prefix: that would share each component's stylesheet module too, every
  // one a chunk and a request of its own (a view's styles belong in the view's chunks).
  ...Object.fromEntries(
    arcoComponents().map((c) => [
      `@arco-design/web-react/es/${c}`,
      { singleton: true, requiredVersion: false } as const,
    ]),
  ),
};

/**
 * What every page needs before it can draw anything (React, the router, the store and its client) is eager in
 * a host: in its entry script, one request, instead of async chunks fetched in several rounds, each waiting for
 * the one before. Remotes take the host's copies as before; Arco components stay per view.
 */
const EAGER_IN_HOST = [
  'react',
  'react-dom',
  'react-dom/client',
  '@exam/router',
  'react-redux',
  '@exam/store',
  '@exam/api',
];
const hostShared = () =>
  Object.fromEntries(
    Object.entries(sharedSingletons).map(([name, cfg]) => [
      name,
      EAGER_IN_HOST.includes(name) ? { ...cfg, eager: true } : cfg,
    ]),
  );

/**
 * A shared module no page has loaded yet is taken from the providers already registered (the host provides every
 * one the front ends use), not looked up across all remotes: the default ('version-first') fetches every remote's remoteEntry
 * to compare versions the first time a view needs, say, Modal. Host and remotes must agree, so both use this.
 */
const shareStrategy = 'loaded-first' as const;

/**
 * react-router's package exports only its development build (dev warnings on); its production build is picked by
 * path, as its own Vite plugin does. Only hosts bundle the router (remotes take the host's @exam/router).
 */
const routerDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const routerProduction: RsbuildPlugin = {
  name: 'exam:router-production',
  setup(api) {
    api.modifyRsbuildConfig((config, { mergeRsbuildConfig }) =>
      process.env.NODE_ENV === 'production'
        ? mergeRsbuildConfig(config, {
            resolve: { alias: { 'react-router$': path.join(routerDir, 'dist/production/index.mjs') } },
          })
        : config,
    );
  },
};

/** A host: no remotes in the build; shells register them at run time from /runtime-config.json. */
export function hostFederation(name: 'shell_web' | 'shell_admin') {
  const template: RsbuildPlugin = {
    name: 'exam:shell-template',
    setup(api) {
      api.modifyRsbuildConfig((config, { mergeRsbuildConfig }) =>
        mergeRsbuildConfig(config, {
          html: { template: SHELL_TEMPLATE },
          splitChunks: { cacheGroups: hostArcoChunks },
        }),
      );
    },
  };
  // The host's federation runtime is the remotes' too (`externalRuntime` below), instead of a copy in every remoteEntry.
  // Built for browsers only, and without manifest support: remotes are loaded by their remoteEntry.js (runtimeConfig.ts).
  const federation = pluginModuleFederation({
    name,
    remotes: {},
    shared: hostShared(),
    shareStrategy,
    dts: false,
    experiments: { provideExternalRuntime: true, optimization: { disableSnapshot: true, target: 'web' } },
  });
  const firstCalls = pluginFirstCalls(name === 'shell_admin' ? 'admin' : 'web');
  return [
    federation,
    arcoPerComponent({ provideAll: true }),
    template,
    firstCalls,
    pluginSchemaLite(),
    routerProduction,
  ];
}

/** Dev-server ports of the remotes, so `rsbuild dev` of several remotes can run side by side. */
export const remoteDevPorts = { system: 3001, repo: 3002, exam: 3003, course: 3004, watch: 3005 } as const;
export type Domain = keyof typeof remoteDevPorts;

/**
 * In a build, a remote takes every shared module from the host (which provides all of them: eager core, every Arco
 * component the front ends import, through arco-provide.ts) and carries no copy of its own (`import: false`): no fallback chunks, and a
 * remoteEntry that registers nothing to provide, smaller and quicker to start. `rsbuild dev` of a remote alone, with
 * no host, keeps its own copies.
 */
const remoteShared = () =>
  process.env.NODE_ENV === 'production'
    ? Object.fromEntries(
        Object.entries(sharedSingletons).map(([name, cfg]) => [name, { ...cfg, import: false as const }]),
      )
    : sharedSingletons;

/** A remote `mfe_<domain>` exposing its view map; hosts load it by its remoteEntry.js (the manifest is written for tools). */
export function remoteFederation(domain: Domain) {
  return [
    pluginModuleFederation({
      name: `mfe_${domain}`,
      filename: 'remoteEntry.js',
      exposes: { './views': './src/views.ts' },
      shared: remoteShared(),
      shareStrategy,
      manifest: true,
      dts: false,
      // In a build, the runtime comes from the host that loads the remote; `rsbuild dev` of a remote alone keeps its own.
      experiments: {
        externalRuntime: process.env.NODE_ENV === 'production',
        optimization: { disableSnapshot: true, target: 'web' },
      },
    }),
    arcoPerComponent({ provideAll: false }),
    withoutHostSheets(),
    pluginSchemaLite(),
  ];
}

/**
 * Build settings of one remote. `assetPrefix: 'auto'` makes the remote relocatable: its chunks
 * load from wherever its remoteEntry.js was served (/mfe/<package>/ here, any static host elsewhere).
 */
export function remoteBuildConfig(domain: Domain) {
  // The dev harness calls the API of the all-in-one server (sign in through a shell first).
  const api = process.env.EXAM_SERVER ?? 'http://localhost:8080';
  return {
    server: { port: remoteDevPorts[domain], proxy: { '/api': api } },
    output: { assetPrefix: 'auto' },
    // A view's styles in one file of its own (Arco's per component included), not split into the stylesheets it shares
    // with other views: those were six requests before a list could draw. Its scripts still share chunks as usual.
    splitChunks: { minSize: { javascript: 20000, 'css/mini-extract': Infinity } },
    html: { title: `mfe_${domain} (dev harness)` },
  };
}

export { pluginPrecompress } from './precompress';
export { loginEntryConfig } from './login';
