import { createTestApp } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type { FastifyInstance } from 'fastify';
import { remoteOrigins, runtimeConfig, staticSite } from './static';

// The gateway's config generator is plain ESM run by node; typed loosely here.
const NGINX_CONF = '../../../infra/scripts/nginx-conf.mjs';
type NginxModule = { SECURITY_HEADERS: Record<string, string>; nginxConf(o: object): string };

const env = { MFE_SYSTEM_URL: 'https://cdn.example.com/mfe-system/remoteEntry.js', MFE_BASE: '/mfe/' };
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ services: [], extras: [staticSite], cspOrigins: remoteOrigins(runtimeConfig(env)) });
});
afterAll(() => app.close());

describe("pages carry the security headers, with the remotes' origins in the CSP", () => {
  it('takes the origins of absolute remote URLs from the runtime config', () => {
    expect(remoteOrigins(runtimeConfig(env))).toEqual(['https://cdn.example.com']);
    expect(remoteOrigins(runtimeConfig({}))).toEqual([]);
  });

  it.each([
    '/',
    '/admin/',
    '/exam/online',
    '/mfe/mfe-system/remoteEntry.js',
    '/runtime-config.json',
    '/api/common/file/get/20260101/x.png',
  ])('%s', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval' https:\/\/cdn\.example\.com;/);
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
  });

  it('the nginx gateway sends the same headers for what it serves itself, on every static location', async () => {
    const { SECURITY_HEADERS, nginxConf } = (await import(/* @vite-ignore */ NGINX_CONF)) as NginxModule;
    const res = await app.inject({ method: 'GET', url: '/' });
    // The gateway serves the remotes from its own origin: the same policy without extra origins.
    const ours = String(res.headers['content-security-policy']).replace(/ https:\/\/cdn\.example\.com/g, '');
    expect(SECURITY_HEADERS['Content-Security-Policy']).toBe(ours);
    for (const [name, value] of Object.entries(SECURITY_HEADERS))
      if (name !== 'Content-Security-Policy') expect(res.headers[name.toLowerCase()]).toBe(value);
    const conf = nginxConf({ root: '/r', dir: '/d', port: 1, services: [], remotes: ['mfe-system', 'mfe-exam'] });
    const statics = conf
      .split('\n')
      .filter((l) => /location (= \/runtime-config\.json|\/mfe\/|\/admin\/|\/ |\/api\/ )/.test(l));
    expect(statics).toHaveLength(6);
    for (const line of statics) {
      expect(line).toContain(`add_header Content-Security-Policy "${ours}" always;`);
      expect(line).toContain('add_header X-Frame-Options "DENY" always;');
      expect(line).toContain('add_header Strict-Transport-Security $hsts always;');
    }
    expect(conf).toContain("map $scheme $hsts { https 'max-age=15552000; includeSubDomains'; default ''; }");
  });
});
