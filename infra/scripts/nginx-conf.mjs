// The gateway of the distributed mode (DESIGN §1 path routing), generated for this checkout.
import { existsSync } from 'node:fs';
import CSP from '../../services/kit/src/plugins/csp.json' with { type: 'json' };
import { GATEWAY, isPrefix, ROUTES, SERVICES } from '../deploy/routes.mjs';

/**
 * The security headers the services send through helmet (services/kit/src/plugins/security.ts), for
 * what the gateway serves itself (shells, remotes, its own 404). One CSP table for both; the remotes
 * share the gateway's origin. `always`: on error pages too. HSTS only when the request came over https.
 */
export const SECURITY_HEADERS = {
  'Content-Security-Policy': Object.entries(CSP)
    .map(([k, v]) => `${k} ${v.join(' ')}`)
    .join(';'),
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-site',
};
// Brotli is a Debian module package (libnginx-mod-http-brotli-static), not part of the core; used when installed.
const BROTLI = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
// The build writes .br and .gz beside each asset (shared/shell/build/precompress.ts): sent as they are, never
// compressed per request. Hashed files under static/ never change; entry files (index.html, mf-manifest.json,
// remoteEntry.js) are revalidated on every load, as the embedded server does (services/server/src/static.ts).
const caching = 'add_header Cache-Control $asset_cache;';

// nginx drops inherited add_header lines in a location that has its own, so each location repeats them.
const security = Object.entries(SECURITY_HEADERS)
  .map(([k, v]) => `add_header ${k} "${v}" always;`)
  .concat('add_header Strict-Transport-Security $hsts always;')
  .join(' ');

/**
 * `tls` ({ port, cert, key }, optional) adds a TLS listener that speaks HTTP/2: one connection carries a page's
 * scripts, styles and calls at once, where HTTP/1.1 queues them six at a time (a cold exam list waits on that queue).
 * Websockets still upgrade over HTTP/1.1, which the same listener offers (ALPN).
 */
/** The services the gateway routes calls to (an upstream each, every replica in it). */
export const GATEWAY_SERVICES = SERVICES.map((s) => s.name);

export function nginxConf({ root, dir, port, services, remotes, tls, brotli = existsSync(BROTLI) }) {
  // Every replica of a service; idle connections to them kept open (a new TCP connection per call costs the
  // replica an accept and a handshake). Round robin: sockets need no stickiness (sessions, presence and
  // reminders live in Redis and travel on its bus, so a replica reaches a learner connected to another).
  // A busy replica answers 503 itself (admission control, services/kit/src/plugins/admission.ts), which is no failure
  // here: only errors and time-outs count, five in 2 s take a replica out for 2 s (nginx's default, one in 10 s, took
  // both out under a start storm and answered 502 `no live upstreams`). A failed POST is never sent to the other
  // replica (nginx retries only idempotent calls); the client sends a BUSY one again itself.
  const upstream = (pkg) =>
    services
      .filter((s) => s.pkg === pkg)
      .map((s) => `    server 127.0.0.1:${s.port} max_fails=5 fail_timeout=2s;`)
      .concat('    keepalive 64;')
      .join('\n');
  const proxy = (pkg) => `proxy_pass http://${pkg};`;
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  return `${user}
${brotli ? `load_module ${BROTLI};` : ''}
worker_processes auto;
worker_rlimit_nofile 20000;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 8192; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${dir}/nginx-tmp/body;
  proxy_temp_path ${dir}/nginx-tmp/proxy;
  fastcgi_temp_path ${dir}/nginx-tmp/fastcgi;
  uwsgi_temp_path ${dir}/nginx-tmp/uwsgi;
  scgi_temp_path ${dir}/nginx-tmp/scgi;
  client_max_body_size ${GATEWAY.bodyLimit};
${staticHttp(brotli)}
${GATEWAY_SERVICES.map((p) => `  upstream ${p} {\n${upstream(p)}\n  }`).join('\n')}
  # Upgrade for websockets; otherwise no Connection header, so the upstream connection is kept alive.
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  server {
    listen ${port} backlog=4096;
${
  tls
    ? `    listen ${tls.port} ssl http2 backlog=4096;
    ssl_certificate ${tls.cert};
    ssl_certificate_key ${tls.key};
    ssl_protocols TLSv1.2 TLSv1.3;
    ssl_session_cache shared:TLS:10m;
    ssl_session_timeout 1d;
`
    : ''
}    proxy_http_version 1.1;
    proxy_set_header Host $http_host; # with the port: websocket origin checks compare it
    proxy_set_header X-Forwarded-For $remote_addr; # set, never appended: a client's own header is dropped (TRUST_PROXY)
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header Upgrade $http_upgrade;
    proxy_set_header Connection $connection_upgrade;
    proxy_read_timeout ${GATEWAY.readTimeoutSec}s;

${ROUTES.map((r) => `    location ${isPrefix(r) ? '^~' : '='} ${r.path} { ${proxy(r.service)} }`).join('\n')}
    location /api/ { return 404 '{"code":10010004,"msg":"接口地址错误","data":null,"success":false}'; default_type application/json; ${security} }

${staticLocations({
  runtimeConfig: `${dir}/runtime-config.json`,
  remotes: remotes.map((r) => ({ name: r, dir: `${root}/${r}/dist` })),
  shells: { web: `${root}/shell-web/dist`, admin: `${root}/shell-admin/dist` },
})}
  }
}
`;
}

/** The http block's lines for static files: precompressed files sent as they are, their caching, HSTS over https. */
export const staticHttp = (brotli) => `  gzip on;
  gzip_types application/javascript text/css application/json image/svg+xml;
  gzip_static on;
  gzip_vary on;
${brotli ? '  brotli_static on;\n' : ''}  map $uri $asset_cache { ~/static/ 'public, max-age=31536000, immutable'; default 'no-cache'; }
  map $scheme $hsts { https 'max-age=15552000; includeSubDomains'; default ''; }`;

/**
 * The locations of the shells and remotes (a server block's lines): the gateway serves them all from a checkout, an
 * image of the shells or of one remote serves its own (infra/images). `runtimeConfig`: the file answered at
 * /runtime-config.json; `remotes`: `{ name, dir }`; `shells`: `{ web, admin }` folders. Absent parts are left out.
 */
export function staticLocations({ runtimeConfig, remotes = [], shells }) {
  return [
    runtimeConfig &&
      `    location = /runtime-config.json { alias ${runtimeConfig}; add_header Cache-Control no-cache; ${security} }`,
    ...remotes.map(
      (r) =>
        `    location /mfe/${r.name}/ { alias ${r.dir}/; add_header Access-Control-Allow-Origin *; ${caching} ${security} }`,
    ),
    ...(shells
      ? [
          `    location ~ ^/admin/pages/login(/|$) { root ${shells.admin}; try_files /login.html /admin/index.html; ${caching} ${security} }`,
          `    location ~ ^/pages/login(/|$) { root ${shells.web}; try_files /login.html /index.html; ${caching} ${security} }`,
          `    location /admin/ { alias ${shells.admin}/; try_files $uri $uri/ /admin/index.html; ${caching} ${security} }`,
          `    location / { root ${shells.web}; try_files $uri $uri/ /index.html; ${caching} ${security} }`,
        ]
      : []),
  ]
    .filter(Boolean)
    .join('\n');
}
