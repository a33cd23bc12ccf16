// `npm run images [-- <name>…]`: builds every OCI image of the platform (images.mjs) from Debian's packages and npm,
// with no registry: mmdebstrap extracts a Debian root (no dpkg, apt, shell or compiler kept), buildah assembles it
// from scratch (copy and config steps only, no RUN), and each image is written as an OCI archive
// `.data/images/<name>.tar` (`kind load image-archive`, `ctr images import`, `skopeo copy` take it) and kept in
// buildah's local storage as `exam-platform/<name>:<release>`. Reproducible: fixed file times and creation date, so the
// same checkout gives the same digests. infra/images/README.md gives the time and the sizes.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { ensurePackages } from '../scripts/local-servers.mjs';
import { staticHttp, staticLocations } from '../scripts/nginx-conf.mjs';
import { debianRoot } from './roots.mjs';
import {
  APP_UID,
  CONTAINER_PORT,
  IMAGES,
  NODE_DEBS,
  REGISTRY,
  RUNTIME_CONFIG_PATH,
  UNBUNDLED,
  WEB_DEBS,
} from './images.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const OUT = path.join(ROOT, '.data/images');
const RELEASE = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;
const REVISION = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
const STORAGE = ['--storage-driver', 'vfs'];
const buildah = (...args) => execFileSync('buildah', [...STORAGE, ...args], { encoding: 'utf8' }).trim();
const say = (msg) => console.log(`[images] ${msg}`);

/**
 * The entry, its workspace TypeScript and its npm packages in one ES module, but for UNBUNDLED. `import.meta.url` of a
 * source file becomes that file's place under /app (the bundle is /app/main.mjs), so a path found relative to a source
 * file (the migrations, a package's files through createRequire) lands on what the image copies there.
 */
async function bundle(entry, outDir) {
  const sourceUrls = {
    name: 'source-urls',
    setup(b) {
      b.onLoad({ filter: /\.[cm]?ts$/ }, async (args) => {
        const { readFile } = await import('node:fs/promises');
        const rel = path.relative(ROOT, args.path).split(path.sep).join('/');
        const url = `new URL(${JSON.stringify(`./${rel}`)}, import.meta.url).href`;
        const dirname = `decodeURIComponent(new URL('.', ${url}).pathname).replace(/\\/$/, '')`;
        const src = (await readFile(args.path, 'utf8'))
          .replaceAll('import.meta.dirname', dirname)
          .replaceAll('import.meta.url', url);
        return { contents: src, loader: 'ts' };
      });
    },
  };
  const { metafile } = await build({
    metafile: true,
    entryPoints: [path.join(ROOT, entry)],
    outfile: path.join(outDir, 'main.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minify: true,
    keepNames: true,
    legalComments: 'none',
    logLevel: 'warning',
    external: UNBUNDLED,
    plugins: [sourceUrls],
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
  // The unbundled packages the bundle imports (the image must carry them; optional imports of others are left out).
  const imported = Object.values(metafile.outputs).flatMap((o) =>
    o.imports.filter((i) => i.external).map((i) => i.path),
  );
  return UNBUNDLED.filter((p) => imported.some((i) => i === p || i.startsWith(`${p}/`)));
}

/**
 * Copies packages and every package they depend on (dependencies and optional ones present) from the checkout's
 * node_modules to `dest`/node_modules, at the same relative places, so Node resolves them as it does here.
 */
function copyPackages(names, dest) {
  const base = path.join(ROOT, 'node_modules');
  const seen = new Set();
  const visit = (name, fromDir) => {
    let dir = fromDir;
    for (; dir.startsWith(ROOT); dir = path.dirname(dir)) {
      if (existsSync(path.join(dir, 'node_modules', name, 'package.json'))) break;
    }
    const pkgDir = path.join(dir, 'node_modules', name);
    if (!existsSync(path.join(pkgDir, 'package.json'))) return; // an optional dependency not installed here
    const real = realpathSync(pkgDir);
    if (seen.has(real)) return;
    seen.add(real);
    const rel = path.relative(base, pkgDir);
    cpSync(real, path.join(dest, 'node_modules', rel), {
      recursive: true,
      dereference: true,
      filter: (src) => !src.slice(real.length).includes(`${path.sep}node_modules`),
    });
    const pkg = JSON.parse(readFileSync(path.join(real, 'package.json'), 'utf8'));
    for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) visit(dep, pkgDir);
  };
  for (const n of names) visit(n, ROOT);
}

const passwd = (name) =>
  `root:x:0:0:root:/root:/usr/sbin/nologin\n${name}:x:${APP_UID}:${APP_UID}:${name}:/tmp:/usr/sbin/nologin\n`;
const group = (name) => `root:x:0:\n${name}:x:${APP_UID}:\n`;

/** The files of one image above its Debian root, in a staging folder. */
async function stage(image, dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'etc'), { recursive: true });
  mkdirSync(path.join(dir, 'tmp'), { recursive: true });
  writeFileSync(path.join(dir, 'etc/passwd'), passwd('app'));
  writeFileSync(path.join(dir, 'etc/group'), group('app'));
  if (image.kind === 'node') {
    const app = path.join(dir, 'app');
    const imported = await bundle(image.entry, app);
    copyPackages([...new Set([...imported, ...image.packages])], app);
    for (const f of image.files) cpSync(path.join(ROOT, f), path.join(app, f), { recursive: true });
    // The release the platform reports (the watch service reads it) and the module type of main.mjs.
    writeFileSync(
      path.join(app, 'package.json'),
      JSON.stringify({ name: image.name, version: RELEASE, type: 'module' }),
    );
    return;
  }
  if (image.kind === 'program') return;
  const www = path.join(dir, 'srv');
  const copy = (from, to) => {
    if (!existsSync(path.join(ROOT, from))) throw new Error(`${from} is not built: npm run build`);
    cpSync(path.join(ROOT, from), path.join(www, to), { recursive: true });
  };
  if (image.shells) {
    copy(image.shells.web, 'shell-web');
    copy(image.shells.admin, 'shell-admin');
  }
  for (const r of image.remotes) copy(r.dir, r.name);
  mkdirSync(path.join(dir, 'etc/nginx'), { recursive: true });
  writeFileSync(path.join(dir, 'etc/nginx/nginx.conf'), webConf(image));
}

/** nginx of a web image: unprivileged port, everything it writes under /tmp (the root is read-only), logs to stderr. */
function webConf(image) {
  return `load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;
worker_processes 2;
daemon off;
pid /tmp/nginx.pid;
error_log stderr warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  server_tokens off;
  client_body_temp_path /tmp/body;
  proxy_temp_path /tmp/proxy;
  fastcgi_temp_path /tmp/fastcgi;
  uwsgi_temp_path /tmp/uwsgi;
  scgi_temp_path /tmp/scgi;
${staticHttp(true)}
  server {
    listen ${CONTAINER_PORT};
    location = /healthz { access_log off; default_type text/plain; return 200 'ok'; }
${staticLocations({
  runtimeConfig: image.shells ? RUNTIME_CONFIG_PATH : undefined,
  remotes: image.remotes.map((r) => ({ name: r.name, dir: `/srv/${r.name}` })),
  shells: image.shells && { web: '/srv/shell-web', admin: '/srv/shell-admin' },
})}
  }
}
`;
}

/**
 * One layer for a base (a Debian root, and Node for Node images), one for the image's own files: images on the same
 * base share its layer.
 */
function baseImage(debs, withNode) {
  const root = debianRoot(debs, withNode);
  const name = `localhost/${REGISTRY}/base-${path.basename(root)}`;
  const exists =
    spawnSync('buildah', [...STORAGE, 'inspect', '--type', 'image', name], { stdio: 'ignore' }).status === 0;
  if (exists) return name;
  const c = buildah('from', 'scratch');
  buildah('copy', c, `${root}/`, '/');
  buildah('commit', '--quiet', '--timestamp', '0', '--rm', c, name);
  return name;
}

async function buildImage(image) {
  const started = Date.now();
  const debs = { web: WEB_DEBS, node: [...NODE_DEBS, ...(image.debs ?? [])], program: image.debs }[image.kind];
  const from = baseImage(debs, image.kind === 'node');
  const staged = path.join(OUT, 'stage', image.name);
  await stage(image, staged);
  const c = buildah('from', '--pull-never', from);
  buildah('copy', '--chown', '0:0', c, `${staged}/`, '/');
  const entry = {
    node: ['/usr/local/bin/node', '--max-semi-space-size=64', '/app/main.mjs'],
    web: ['/usr/sbin/nginx', '-c', '/etc/nginx/nginx.conf'],
    program: image.entry,
  }[image.kind];
  const env = {
    ...(image.kind === 'node' ? { NODE_ENV: 'production', HOST: '0.0.0.0', DATA_DIR: '/tmp/data' } : {}),
    ...image.env,
  };
  buildah(
    'config',
    '--user',
    `${APP_UID}:${APP_UID}`,
    '--workingdir',
    { node: '/app', web: '/srv', program: '/tmp' }[image.kind],
    '--entrypoint',
    JSON.stringify(entry),
    '--cmd',
    '',
    ...Object.entries(env).flatMap(([k, v]) => ['--env', `${k}=${v}`]),
    ...(image.kind === 'program' || image.name === 'migrate' ? [] : ['--port', String(CONTAINER_PORT)]),
    '--label',
    `org.opencontainers.image.version=${RELEASE}`,
    '--label',
    `org.opencontainers.image.revision=${REVISION}`,
    '--label',
    `org.opencontainers.image.title=${image.name}`,
    c,
  );
  const tag = `${REGISTRY}/${image.name}:${RELEASE}`;
  buildah('commit', '--quiet', '--timestamp', '0', '--rm', c, `localhost/${tag}`);
  const archive = path.join(OUT, `${image.name}.tar`);
  rmSync(archive, { force: true });
  buildah('push', '--quiet', `localhost/${tag}`, `oci-archive:${archive}:${tag}`);
  const digest = buildah('inspect', '--type', 'image', '--format', '{{.FromImageDigest}}', `localhost/${tag}`);
  return { name: image.name, tag, archive, digest, seconds: (Date.now() - started) / 1000 };
}

/** Bytes of an image's layers as stored (compressed): [the base's, its own]. */
function sizes(archive) {
  const read = (name) => JSON.parse(execFileSync('tar', ['-xOf', archive, name], { encoding: 'utf8' }));
  const index = read('index.json');
  const manifest = read(`blobs/sha256/${index.manifests[0].digest.slice('sha256:'.length)}`);
  return manifest.layers.map((l) => l.size);
}

const mb = (n) => `${(n / 1e6).toFixed(1)} MB`;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const only = process.argv.slice(2);
  const images = only.length ? IMAGES.filter((i) => only.includes(i.name)) : IMAGES;
  if (only.length && images.length !== only.length)
    throw new Error(`unknown image; the images are ${IMAGES.map((i) => i.name).join(', ')}`);
  const started = Date.now();
  ensurePackages(['mmdebstrap', 'buildah']);
  if (images.some((i) => i.kind === 'web')) {
    say('building the shells and remotes');
    execFileSync('npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], { cwd: ROOT, stdio: 'inherit' });
  }
  const built = [];
  for (const image of images) {
    const b = await buildImage(image);
    const [base, own] = sizes(b.archive);
    built.push({ ...b, base, own });
    say(
      `${b.tag}  ${mb(base + own)} (base ${mb(base)} + own ${mb(own)})  ${b.digest.slice(0, 19)}  ${b.seconds.toFixed(0)} s`,
    );
  }
  rmSync(path.join(OUT, 'stage'), { recursive: true, force: true });
  const index = path.join(OUT, 'images.json');
  const previous = existsSync(index) ? JSON.parse(readFileSync(index, 'utf8')) : {};
  for (const b of built)
    previous[b.name] = { tag: b.tag, digest: b.digest, baseBytes: b.base, ownBytes: b.own, archive: b.archive };
  writeFileSync(index, JSON.stringify(previous, null, 2));
  say(`${built.length} images in ${((Date.now() - started) / 1000).toFixed(0)} s; ${index}`);
}
