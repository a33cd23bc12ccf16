// The one routing table of the platform (issue 41): which service answers which path, and the services with their
// ports and connection pools. nginx's config (infra/scripts/nginx-conf.mjs), the distributed mode
// (infra/scripts/start-distributed.mjs) and the Kubernetes Ingress (infra/k8s/generate.mjs) are all made from it.

/**
 * The domain services. `port`: the first
 * replica's port in the distributed mode (the second takes the next one) and the container's port on a cluster.
 * `pool`: PostgreSQL connections per replica (docs/decisions.md "Processes of the distributed mode":
 * 2 × (24 + 12 + 8 + 8 + 8 + 8 + 8 + 4) = 160 of max_connections 300).
 */
export const SERVICES = [
  { name: 'system', package: '@exam/svc-system', port: 9101, pool: 12 },
  { name: 'repo', package: '@exam/svc-repo', port: 9103, pool: 8 },
  { name: 'exam', package: '@exam/svc-exam', port: 9105, pool: 24 },
  { name: 'course', package: '@exam/svc-course', port: 9107, pool: 8 },
  { name: 'watch', package: '@exam/svc-watch', port: 9109, pool: 8 },
  { name: 'cert', package: '@exam/svc-cert', port: 9111, pool: 8 },
  { name: 'battle', package: '@exam/svc-battle', port: 9113, pool: 8 },
  { name: 'pay', package: '@exam/svc-pay', port: 9115, pool: 4 },
];

/** The remotes (micro-frontends): each served at `/mfe/<name>/`, found by the shells through the runtime config. */
export const REMOTES = ['mfe-system', 'mfe-repo', 'mfe-exam', 'mfe-course', 'mfe-watch'];

/** The runtime configuration the shells load (`/runtime-config.json`) when every remote is served at `/mfe/<name>/`. */
export const runtimeConfigOf = () => ({
  apiBase: '',
  remotes: Object.fromEntries(REMOTES.map((r) => [r.replace('-', '_'), `/mfe/${r}/remoteEntry.js`])),
});

/** What every location shares: the largest request body (uploads of course videos) and how long a call or socket may idle. */
export const GATEWAY = { bodyLimit: '1024m', readTimeoutSec: 1200 };

/**
 * Path → service. A path ending in `/` is a prefix, any other is one exact path. The longest matching path wins,
 * as in a Kubernetes Ingress (pathType Prefix and Exact) and in nginx's `^~` and `=` locations: so the order of the
 * rows does not matter and both gateways route alike. `websocket`: the path upgrades to a websocket.
 */
export const ROUTES = [
  { path: '/api/sys/', service: 'system' },
  { path: '/api/common/', service: 'system' },
  { path: '/api/notify/', service: 'system' },
  // An invigilator's forced hand-in is the exam service's; the rest of /api/exam/watch/ is the watch grid.
  { path: '/api/exam/watch/force-hand', service: 'exam' },
  { path: '/api/exam/watch/force-hand-all', service: 'exam' },
  { path: '/api/exam/watch/', service: 'watch' },
  { path: '/api/socket/read/', service: 'course', websocket: true },
  { path: '/api/socket/battle', service: 'battle', websocket: true },
  { path: '/api/battle/', service: 'battle' },
  { path: '/api/socket/', service: 'watch', websocket: true },
  { path: '/api/stat/', service: 'watch' },
  { path: '/api/repo/', service: 'repo' },
  { path: '/api/qu/', service: 'repo' },
  { path: '/api/client/repo/', service: 'repo' },
  { path: '/api/client/book/', service: 'repo' },
  { path: '/api/exam/', service: 'exam' },
  { path: '/api/paper/', service: 'exam' },
  { path: '/api/client/exam/', service: 'exam' },
  { path: '/api/course/', service: 'course' },
  { path: '/api/client/course/', service: 'course' },
  { path: '/api/cert/', service: 'cert' },
  { path: '/api/pay/', service: 'pay' },
  { path: '/.well-known/jwks.json', service: 'cert' },
];

export const isPrefix = (route) => route.path.endsWith('/');

/** The service a path goes to (longest match), or undefined: the gateway answers 404 itself. */
export function serviceFor(urlPath) {
  let best;
  for (const r of ROUTES) {
    const hit = isPrefix(r) ? urlPath.startsWith(r.path) : urlPath === r.path;
    if (hit && (!best || r.path.length > best.path.length)) best = r;
  }
  return best?.service;
}

/**
 * The processes of the distributed mode: `count` replicas of every service, named `<name>-<n>` on consecutive ports,
 * first replicas first (start-distributed.mjs starts those one by one, then the others together).
 */
export const replicas = (count = 2) =>
  Array.from({ length: count }, (_, i) =>
    SERVICES.map((s) => ({ name: `${s.name}-${i + 1}`, pkg: s.name, port: s.port + i, pool: s.pool })),
  ).flat();
