/**
 * Module Federation settings every shell and remote builds with, written once so hosts and remotes
 * can never disagree about what is shared (a mismatch would load a second React or a second store).
 */
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';

type SharedConfig = { singleton: true; requiredVersion?: false; eager?: boolean };

/** Singletons: one React, one router, one Redux store, one API client configuration, one Arco. */
export const sharedSingletons: Record<string, SharedConfig> = {
  react: { singleton: true },
  'react-dom': { singleton: true },
  // Shared on its own: Arco's React 19 adapter imports it, and an unshared copy would add a second
  // reconciler to every remote.
  'react-dom/client': { singleton: true, requiredVersion: false },
  'react-router': { singleton: true },
  'react-redux': { singleton: true },
  '@reduxjs/toolkit': { singleton: true },
  // Workspace packages are consumed as source with version "*": no semver check is meaningful.
  '@exam/store': { singleton: true, requiredVersion: false },
  '@exam/api': { singleton: true, requiredVersion: false },
  '@exam/ui': { singleton: true, requiredVersion: false },
  '@arco-design/web-react': { singleton: true, requiredVersion: false },
};

/** A host: no remotes in the build; shells register them at run time from /runtime-config.json. */
export function hostFederation(name: string) {
  return pluginModuleFederation({
    name,
    remotes: {},
    shared: sharedSingletons,
    dts: false,
  });
}

/** Dev-server ports of the remotes, so `rsbuild dev` of several remotes can run side by side. */
export const remoteDevPorts = { system: 3001, repo: 3002, exam: 3003, course: 3004, watch: 3005 } as const;
export type Domain = keyof typeof remoteDevPorts;

/** A remote `mfe_<domain>` exposing its view map; manifest on so hosts find it by URL. */
export function remoteFederation(domain: Domain) {
  return pluginModuleFederation({
    name: `mfe_${domain}`,
    filename: 'remoteEntry.js',
    exposes: { './views': './src/views.ts' },
    shared: sharedSingletons,
    manifest: true,
    dts: false,
  });
}

/**
 * Build settings of one remote. `assetPrefix: 'auto'` makes the remote relocatable: its chunks
 * load from wherever its manifest was served (/mfe/<package>/ here, any static host elsewhere).
 */
export function remoteBuildConfig(domain: Domain) {
  // The dev harness calls the API of the all-in-one server (sign in through a shell first).
  const api = process.env.EXAM_SERVER ?? 'http://localhost:8080';
  return {
    server: { port: remoteDevPorts[domain], proxy: { '/api': api } },
    output: { assetPrefix: 'auto' },
    html: { title: `mfe_${domain} (dev harness)` },
  };
}
