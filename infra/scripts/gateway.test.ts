// The distributed mode's nginx gateway, run for real: HTTP/2 over TLS beside plain HTTP (nginx-conf.mjs, tls.mjs).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect, type ClientHttp2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import WebSocket, { WebSocketServer } from 'ws';

type Tls = { port: number; cert: string; key: string };
type Modules = {
  conf: { nginxConf(o: object): string; GATEWAY_SERVICES: string[] };
  tls: {
    selfSignedCert(dir: string): { cert: string; key: string };
    checkCertPair(cert?: string, key?: string): { cert: string; key: string };
  };
  ports: { freePortBlock(n: number): Promise<number> };
};
// Paths in variables: plain JavaScript without types, read at run time only.
const load = async (): Promise<Modules> => {
  const [conf, tls, ports] = ['./nginx-conf.mjs', './tls.mjs', './local-servers.mjs'].map((p) =>
    path.join(import.meta.dirname, p),
  );
  return {
    conf: await import(/* @vite-ignore */ conf),
    tls: await import(/* @vite-ignore */ tls),
    ports: await import(/* @vite-ignore */ ports),
  };
};

const haveNginx = spawnSync('which', ['nginx']).status === 0;
const SCRIPT = `console.log(${JSON.stringify('考试'.repeat(800))});`;

describe.skipIf(!haveNginx)('the gateway over TLS', () => {
  let dir: string;
  let nginx: ChildProcess;
  let service: Server;
  let tls: Tls;
  let plainPort: number;
  let h2: ClientHttp2Session;

  beforeAll(async () => {
    const m = await load();
    dir = mkdtempSync(path.join(tmpdir(), 'gateway-'));
    // A shell's dist as the build leaves it: a hashed script with its precompressed copies.
    const js = path.join(dir, 'root/shell-web/dist/static/js');
    mkdirSync(js, { recursive: true });
    mkdirSync(path.join(dir, 'root/shell-admin/dist'), { recursive: true });
    writeFileSync(path.join(dir, 'root/shell-web/dist/index.html'), '<!doctype html><title>在线考试</title>');
    writeFileSync(path.join(js, 'index.0123456789.js'), SCRIPT);
    writeFileSync(path.join(js, 'index.0123456789.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(path.join(js, 'index.0123456789.js.gz'), gzipSync(SCRIPT));
    mkdirSync(path.join(dir, 'nginx-tmp'));
    // One stand-in for every service: it answers a call with what it received, and echoes on a websocket.
    service = createServer((req: IncomingMessage, res) => {
      let body = '';
      req
        .on('data', (d) => (body += d))
        .on('end', () => {
          res.setHeader('content-type', 'application/json');
          res.end(
            JSON.stringify({
              url: req.url,
              proto: req.headers['x-forwarded-proto'],
              forwardedFor: req.headers['x-forwarded-for'],
              body,
            }),
          );
        });
    });
    new WebSocketServer({ server: service }).on('connection', (ws) => ws.on('message', (d) => ws.send(`echo ${d}`)));
    await new Promise<void>((r) => service.listen(0, '127.0.0.1', r));
    const servicePort = (service.address() as AddressInfo).port;
    const services = m.conf.GATEWAY_SERVICES.map((pkg: string) => ({ pkg, port: servicePort }));
    plainPort = await m.ports.freePortBlock(2);
    tls = { port: plainPort + 1, ...m.tls.selfSignedCert(path.join(dir, 'tls')) };
    const conf = m.conf.nginxConf({ root: path.join(dir, 'root'), dir, port: plainPort, tls, services, remotes: [] });
    writeFileSync(path.join(dir, 'nginx.conf'), conf);
    nginx = spawn('nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
    for (
      let i = 0;
      i < 100 &&
      !(await fetch(`http://127.0.0.1:${plainPort}/`).then(
        () => true,
        () => false,
      ));
      i++
    )
      await new Promise((r) => setTimeout(r, 100));
    // The self-signed certificate is the only one this client trusts: the name and the chain are checked.
    h2 = connect(`https://127.0.0.1:${tls.port}`, { ca: readFileSync(tls.cert) });
  });

  afterAll(async () => {
    h2?.close();
    nginx?.kill('SIGTERM');
    await new Promise<void>((r) => (service ? service.close(() => r()) : r()));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const send = (urlPath: string, headers: Record<string, string> = {}, body?: string) =>
    new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      const req = h2.request({ ':path': urlPath, ':method': body ? 'POST' : 'GET', ...headers });
      const chunks: Buffer[] = [];
      let head: Record<string, string | string[] | undefined> = {};
      req
        .on('response', (h) => (head = h))
        .on('data', (c: Buffer) => chunks.push(c))
        .on('end', () => resolve({ headers: head, body: Buffer.concat(chunks) }))
        .on('error', reject);
      req.end(body);
    });

  it('speaks HTTP/2 and sends a hashed script precompressed, cached for a year, with HSTS', async () => {
    const res = await send('/static/js/index.0123456789.js', { 'accept-encoding': 'br, gzip' });
    expect(h2.alpnProtocol).toBe('h2');
    expect(res.headers[':status']).toBe(200);
    // brotli where Debian's module is installed (CI installs it), gzip otherwise: never the plain file.
    expect(['br', 'gzip']).toContain(res.headers['content-encoding']);
    expect(res.body.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 4);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('keeps plain HTTP, without HSTS (a browser takes it from https only)', async () => {
    const res = await fetch(`http://127.0.0.1:${plainPort}/pages/exam`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('在线考试');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('passes a call over HTTP/2 to the service with its body, the https scheme and the client address', async () => {
    const res = await send(
      '/api/exam/exam/paging',
      { 'content-type': 'application/json' },
      JSON.stringify({ current: 1 }),
    );
    expect(res.headers[':status']).toBe(200);
    expect(JSON.parse(res.body.toString())).toEqual({
      url: '/api/exam/exam/paging',
      proto: 'https',
      forwardedFor: '127.0.0.1',
      body: '{"current":1}',
    });
  });

  it('upgrades a websocket through the TLS listener', async () => {
    const ws = new WebSocket(`wss://127.0.0.1:${tls.port}/api/socket/exam`, { ca: readFileSync(tls.cert) });
    const reply = await new Promise<string>((resolve, reject) => {
      ws.on('open', () => ws.send('hello'))
        .on('message', (d) => resolve(String(d)))
        .on('error', reject);
    });
    ws.close();
    expect(reply).toBe('echo hello');
  });
});

describe("the operator's certificate is checked before nginx gets it", () => {
  let dir: string;
  let m: Modules;
  beforeAll(async () => {
    m = await load();
    dir = mkdtempSync(path.join(tmpdir(), 'gateway-cert-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('takes a certificate with its own key, and names what is wrong otherwise', () => {
    const a = m.tls.selfSignedCert(path.join(dir, 'a'));
    const b = m.tls.selfSignedCert(path.join(dir, 'b'));
    expect(m.tls.checkCertPair(a.cert, a.key)).toEqual({ cert: path.resolve(a.cert), key: path.resolve(a.key) });
    expect(() => m.tls.checkCertPair(a.cert, b.key)).toThrow(
      `DIST_TLS_KEY ${b.key} is not the key of the certificate ${a.cert}`,
    );
    expect(() => m.tls.checkCertPair(a.cert, undefined)).toThrow('DIST_TLS_CERT and DIST_TLS_KEY go together');
    expect(() => m.tls.checkCertPair(undefined, a.key)).toThrow('DIST_TLS_CERT and DIST_TLS_KEY go together');
    expect(() => m.tls.checkCertPair(path.join(dir, 'none.crt'), a.key)).toThrow(
      `DIST_TLS_CERT ${path.join(dir, 'none.crt')} cannot be read`,
    );
    // A key where the certificate belongs, and the other way round.
    expect(() => m.tls.checkCertPair(a.key, a.key)).toThrow(`DIST_TLS_CERT ${a.key} is not a PEM certificate`);
    expect(() => m.tls.checkCertPair(a.cert, a.cert)).toThrow(`DIST_TLS_KEY ${a.cert} is not a PEM private key`);
  });
});
