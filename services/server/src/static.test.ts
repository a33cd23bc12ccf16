import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createTestApp } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type { FastifyInstance } from 'fastify';
import { precompressDir } from '../../../shared/shell/build/precompress';
import { staticSiteAt } from './static';

// A checkout of built packages in a temp folder, compressed by the build's own step.
const root = mkdtempSync(path.join(tmpdir(), 'static-test-'));
const JS = `console.log(${JSON.stringify('考试'.repeat(400))});\n`;
const put = (rel: string, body: string) => {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), body);
};
let app: FastifyInstance;
beforeAll(async () => {
  put('shell-web/dist/index.html', `<!doctype html><title>在线考试</title>${'<script></script>'.repeat(60)}`);
  put('shell-web/dist/static/js/index.0123abcd.js', JS);
  put('shell-web/dist/static/js/tiny.0123abcd.js', '1;');
  put('shell-web/dist/login.html', `<!doctype html><title>登录</title>${'<script></script>'.repeat(60)}`);
  put('shell-admin/dist/index.html', '<!doctype html><title>管理后台</title>');
  put('mfe-exam/dist/mf-manifest.json', JSON.stringify({ name: 'mfe_exam', pad: 'x'.repeat(2000) }));
  put('mfe-exam/dist/remoteEntry.js', JS);
  for (const pkg of ['shell-web', 'mfe-exam']) await precompressDir(path.join(root, pkg, 'dist'));
  app = await createTestApp({ services: [], extras: [staticSiteAt(root)] });
});
afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('built assets go out precompressed, with cache lifetimes by kind', () => {
  it('sends the brotli file to a browser that takes br, a hashed asset cached for a year', async () => {
    const res = await get('/static/js/index.0123abcd.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({ 'content-encoding': 'br', 'cache-control': IMMUTABLE });
    expect(String(res.headers['content-type'])).toMatch(/^text\/javascript|^application\/javascript/);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(JS.length / 4);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(JS);
  });

  it('sends gzip to a browser without br (Chromium over plain http)', async () => {
    const res = await get('/static/js/index.0123abcd.js', 'gzip, deflate');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(JS);
  });

  it('falls back to the plain file when the client takes no compression, still varying on it', async () => {
    const res = await get('/static/js/index.0123abcd.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.payload).toBe(JS);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('falls back to the plain file when the build left no compressed one (too small to gain)', async () => {
    const res = await get('/static/js/tiny.0123abcd.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.payload).toBe('1;');
  });

  it.each(['/mfe/mfe-exam/mf-manifest.json', '/mfe/mfe-exam/remoteEntry.js', '/', '/pages/exam/start/1'])(
    'revalidates the entry file %s on every load, compressed',
    async (url) => {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject({ 'content-encoding': 'br', 'cache-control': 'no-cache' });
    },
  );

  it('a missing asset or an unknown remote is a plain 404', async () => {
    expect((await get('/static/js/missing.0123abcd.js', 'br')).statusCode).toBe(404);
    expect((await get('/mfe/mfe-nope/remoteEntry.js', 'br')).statusCode).toBe(404);
  });
});

describe('a first visit to the login pages gets the light login entry', () => {
  it.each([
    '/pages/login/login',
    '/pages/login/login?redirect=%2Fpages%2Fexam',
    '/pages/login/register',
    '/pages/login',
  ])('%s → login.html, revalidated', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.payload).toContain('<title>登录</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('every other deep link, and a shell built without the login entry, get index.html', async () => {
    for (const url of ['/pages/exam', '/pages/loginx', '/x/pages/login/login'])
      expect((await get(url)).payload).toContain('<title>在线考试</title>');
    expect((await get('/admin/pages/login/login')).payload).toContain('<title>管理后台</title>');
  });
});

describe('the nginx gateway serves the same files the same way', () => {
  const conf = async (brotli: boolean) => {
    // A path in a variable: the script is plain JavaScript without types, read at run time only.
    const script = '../../../infra/scripts/nginx-conf.mjs';
    const { nginxConf } = (await import(/* @vite-ignore */ script)) as { nginxConf(o: object): string };
    return nginxConf({ root: '/r', dir: '/d', port: 1, services: [], remotes: ['mfe-exam'], brotli });
  };
  it("sends the build's .gz files (and .br where Debian's brotli module is installed), hashed files for a year", async () => {
    const plain = await conf(false);
    expect(plain).toContain('gzip_static on;');
    expect(plain).not.toContain('brotli');
    expect(plain).toContain(`map $uri $asset_cache { ~/static/ '${IMMUTABLE}'; default 'no-cache'; }`);
    for (const loc of ['location /mfe/mfe-exam/', 'location /admin/', 'location / ']) {
      expect(plain.split('\n').find((l) => l.includes(loc))).toContain('add_header Cache-Control $asset_cache;');
    }
    // The login pages' own entry, for each shell, before the shell's catch-all.
    expect(plain).toContain(
      'location ~ ^/pages/login(/|$) { root /r/shell-web/dist; try_files /login.html /index.html;',
    );
    expect(plain).toContain(
      'location ~ ^/admin/pages/login(/|$) { root /r/shell-admin/dist; try_files /login.html /admin/index.html;',
    );
    const br = await conf(true);
    expect(br).toMatch(/^load_module \/usr\/lib\/nginx\/modules\/ngx_http_brotli_static_module\.so;$/m);
    expect(br).toContain('brotli_static on;');
  });
});
