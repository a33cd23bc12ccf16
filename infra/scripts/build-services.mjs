// Compiles each domain service for production: one ES module per service (`services/<pkg>/dist/server.mjs`),
// the workspace's TypeScript (the service, the kit, the contracts) bundled, npm packages left to node_modules.
// The distributed mode runs these with plain node instead of node with tsx as a loader: no compiler in
// the running process, a shorter start and less memory per replica (figures in docs/decisions.md).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * - `import.meta.url` is replaced by each source file's own URL, so paths found relative to a source file
 *   (the kit's migrations folder, the root package.json) stay right inside the bundle of this checkout.
 * - A bare import is left to node unless it is a workspace package (TypeScript, bundled) or a package a
 *   workspace keeps in its own node_modules (a version other than the root's), which is bundled too.
 */
const workspacePlugin = {
  name: 'workspace',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@exam/') || args.kind === 'entry-point') return undefined;
      const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
      for (let dir = args.resolveDir; dir.startsWith(ROOT) && dir !== ROOT; dir = path.dirname(dir)) {
        if (existsSync(path.join(dir, 'node_modules', name))) return undefined;
      }
      return { path: args.path, external: true };
    });
    b.onLoad({ filter: /\.[cm]?ts$/ }, async (args) => {
      const { readFile } = await import('node:fs/promises');
      const src = await readFile(args.path, 'utf8');
      return {
        contents: src.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: 'ts',
      };
    });
  },
};

/** The migrations and first-start data of every service, run once before the replicas start (and as the cluster's Job). */
export const MIGRATE_ENTRY = { entry: 'services/server/src/migrate-main.ts', out: 'services/server/dist/migrate.mjs' };
const serviceEntry = (pkg) => ({ entry: `services/${pkg}/src/server.ts`, out: `services/${pkg}/dist/server.mjs` });

/**
 * Builds the given service packages (default: every one with a `src/server.ts`) and the migrate entry; resolves when
 * written.
 */
export async function buildServices(pkgs = ['system', 'repo', 'exam', 'course', 'watch', 'cert', 'battle', 'pay']) {
  await Promise.all(
    [...pkgs.map(serviceEntry), MIGRATE_ENTRY].map(({ entry, out }) =>
      build({
        entryPoints: [path.join(ROOT, entry)],
        outfile: path.join(ROOT, out),
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        sourcemap: true,
        logLevel: 'warning',
        plugins: [workspacePlugin],
        // Bundled CommonJS (a workspace's own copy of a package) may call require: give the module one.
        banner: {
          js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
        },
      }),
    ),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const t = Date.now();
  await buildServices(process.argv.slice(2).length ? process.argv.slice(2) : undefined);
  console.log(`services compiled in ${Date.now() - t} ms`);
}
