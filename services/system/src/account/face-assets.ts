import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { FACE_ASSETS_URL } from '@exam/contracts';
import { notFound } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';

const require = createRequire(import.meta.url);
const pkgDir = (name: string) => dirname(require.resolve(`${name}/package.json`));
const TYPES: Record<string, string> = {
  js: 'text/javascript',
  html: 'text/html; charset=utf-8',
  wasm: 'application/wasm',
  data: 'application/octet-stream',
  binarypb: 'application/octet-stream',
};

/**
 * The framed tracker document may evaluate code (MediaPipe's WebAssembly glue builds functions with
 * `new Function`), and nothing else may: only our own scripts, framed only by our own pages. The site's
 * policy everywhere else stays without 'unsafe-eval'.
 */
const FRAME_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'; connect-src 'self'; img-src 'self' blob: data:; " +
  "worker-src 'self' blob:; style-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

/** Every file the tracker frame loads, by its public name (nothing else is served). */
async function assetFiles(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const mesh = pkgDir('@mediapipe/face_mesh');
  for (const f of await readdir(mesh)) if (/^[a-z_]+\.(js|wasm|data|binarypb)$/.test(f)) files.set(f, join(mesh, f));
  files.set('tf-core.min.js', join(pkgDir('@tensorflow/tfjs-core'), 'dist/tf-core.min.js'));
  files.set('tf-converter.min.js', join(pkgDir('@tensorflow/tfjs-converter'), 'dist/tf-converter.min.js'));
  files.set(
    'face-landmarks-detection.min.js',
    join(pkgDir('@tensorflow-models/face-landmarks-detection'), 'dist/face-landmarks-detection.min.js'),
  );
  for (const f of ['tracker.html', 'tracker-frame.js']) files.set(f, join(import.meta.dirname, 'face-frame', f));
  return files;
}

/**
 * The browser face tracker of the login page and the 人脸认证 dialog (@tensorflow-models/face-landmarks-detection, runtime 'mediapipe') and
 * its model files, served from the installed packages: the browser never reaches a CDN. Public (the
 * login page has no session).
 */
export async function faceAssetRoutes(app: FastifyInstance) {
  const files = await assetFiles();
  app.get<{ Params: { name: string } }>(
    `${FACE_ASSETS_URL}:name`,
    { config: { auth: 'public' } },
    async (req, reply) => {
      const path = files.get(req.params.name);
      if (!path) throw notFound('文件不存在！');
      reply
        .header('content-type', TYPES[req.params.name.split('.').pop()!]!)
        .header('cache-control', 'public, max-age=604800');
      if (req.params.name === 'tracker.html')
        reply.header('content-security-policy', FRAME_CSP).header('x-frame-options', 'SAMEORIGIN');
      return reply.send(createReadStream(path));
    },
  );
}
