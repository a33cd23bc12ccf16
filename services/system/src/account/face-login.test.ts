import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Code } from '@exam/contracts';
import { FACE_REASONS, schema } from '@exam/server-kit';
import { call, createTestApp, signIn } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { seed, systemService } from '../index';
import { setSwitches } from '../testing/helpers';

/** Real photos (services/kit/src/face/testing/README.md): v* one person, p* other people. */
const photo = (name: string) => readFileSync(join(import.meta.dirname, '../../../kit/src/face/testing', name));
const frame = (name: string) => `data:image/jpeg;base64,${photo(name).toString('base64')}`;

let app: FastifyInstance;
let admin: string;
let learnerId: string;
beforeAll(async () => {
  app = await createTestApp({ services: [systemService], seeds: [seed] });
  admin = await signIn(app, 'admin', 'Admin@2026');
  [{ id: learnerId }] = await app.db
    .select({ id: schema.sysUser.id })
    .from(schema.sysUser)
    .where(eq(schema.sysUser.userName, 'learner'));
}, 120_000);
afterAll(() => app.close());

/** The user dialog's upload: the photo through /api/common/file/upload, its URL back. */
async function upload(name: string) {
  const b = '----face-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${b}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    photo(name),
    Buffer.from(`\r\n--${b}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/common/file/upload',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${b}`, token: admin },
  });
  return res.json().data.url as string;
}
const detail = async (id: string) => (await call(app, '/api/sys/user/detail', { id }, admin)).body.data;
const saveFace = async (face: string) => {
  const d = await detail(learnerId);
  return call(app, '/api/sys/user/save', { ...d, password: '', face }, admin);
};
const templates = () => app.db.select().from(schema.sysUserFace).where(eq(schema.sysUserFace.userId, learnerId));
async function faceLogin(name: string, remoteAddress = '198.51.100.1') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/sys/user/face-login',
    remoteAddress,
    payload: JSON.stringify({ base64: frame(name) }),
    headers: { 'content-type': 'application/json' },
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: { token: string } } };
}

describe('face enrolment in the user dialog', () => {
  it('refuses a photo the quality gate rejects, with its reason, and keeps the user unchanged', async () => {
    const two = await saveFace(await upload('two.jpg'));
    expect(two.body).toMatchObject({ msg: FACE_REASONS.manyFaces });
    expect(two.status).toBe(400);
    expect((await saveFace(await upload('noface.jpg'))).body.msg).toBe(FACE_REASONS.noFace);
    expect((await detail(learnerId)).face).toBe('');
    expect(await templates()).toHaveLength(0);
  }, 120_000);

  it('refuses a URL our upload did not give out', async () => {
    for (const url of [
      'https://evil.example.com/20260101/0123456789abcdef0123456789abcdef.jpg',
      '/api/common/file/get/../../etc/passwd',
      'x',
    ]) {
      const r = await saveFace(url);
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe('人脸照片不存在，请重新上传！');
    }
  });

  it('stores the photo and its template; a cleared photo removes the template', async () => {
    const url = await upload('v00.jpg');
    expect((await saveFace(url)).status).toBe(200);
    expect((await detail(learnerId)).face).toBe(url);
    const [row] = await templates();
    expect(row).toMatchObject({ provider: 'local', model: 'human-faceres-3.3' });
    expect(Buffer.from(row!.template, 'base64').length).toBe(1024 * 4);
    expect((await saveFace('')).status).toBe(200);
    expect(await templates()).toHaveLength(0);
    expect((await saveFace(url)).status).toBe(200);
    expect(await templates()).toHaveLength(1);
  }, 120_000);
});

describe('/api/sys/user/face-login', () => {
  it('is refused while the faceLogin switch is off', async () => {
    await setSwitches(app, { faceLogin: false });
    const r = await faceLogin('v02.jpg', '198.51.100.2');
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('系统未开启人脸登录！');
    await setSwitches(app, { faceLogin: true });
  });

  it('signs the enrolled learner in from another photo of the same face', async () => {
    const r = await faceLogin('v02.jpg');
    expect(r.status).toBe(200);
    const info = await call(app, '/api/sys/user/info', {}, r.body.data.token);
    expect(info.body.data.userName).toBe('learner');
  }, 60_000);

  it('refuses another person, a picture without a face, two faces and garbage with 4xx', async () => {
    const other = await faceLogin('p10.jpg', '198.51.100.3');
    expect(other).toMatchObject({ status: 401, body: { code: Code.BAD_CREDENTIALS, msg: FACE_REASONS.noMatch } });
    expect((await faceLogin('noface.jpg', '198.51.100.3')).body.msg).toBe(FACE_REASONS.noFace);
    expect((await faceLogin('two.jpg', '198.51.100.3')).body.msg).toBe(FACE_REASONS.manyFaces);
    const bad = await call(app, '/api/sys/user/face-login', { base64: 'data:image/jpeg;base64,%%%' });
    expect(bad.status).toBe(400);
    expect((await call(app, '/api/sys/user/face-login', { base64: 5 })).status).toBe(400);
  }, 60_000);

  it('refuses a face that is no longer enrolled, and a disabled account', async () => {
    await app.db.update(schema.sysUser).set({ state: 1 }).where(eq(schema.sysUser.id, learnerId));
    expect((await faceLogin('v02.jpg', '198.51.100.4')).body.code).toBe(Code.ACCOUNT_DISABLED);
    await app.db.update(schema.sysUser).set({ state: 0 }).where(eq(schema.sysUser.id, learnerId));
    expect((await saveFace('')).status).toBe(200);
    expect((await faceLogin('v02.jpg', '198.51.100.4')).status).toBe(401);
  }, 60_000);

  it('limits attempts per address like password sign-in: the 11th in the window is refused even with the right face', async () => {
    expect((await saveFace(await upload('v00.jpg'))).status).toBe(200);
    const ip = '198.51.100.9';
    const tries = await Promise.all(Array.from({ length: 10 }, () => faceLogin('p30.jpg', ip)));
    expect(tries.map((t) => t.status)).toEqual(Array(10).fill(401));
    const right = await faceLogin('v02.jpg', ip);
    expect(right.status).toBe(429);
    expect(right.body.msg).toBe('人脸登录失败次数过多，请15分钟后再试！');
    expect((await faceLogin('v02.jpg', '198.51.100.10')).status).toBe(200);
  }, 120_000);

  it('never hands a template to a learner', async () => {
    const [row] = await templates();
    const token = (await faceLogin('v02.jpg', '198.51.100.11')).body.data.token;
    expect((await call(app, '/api/sys/user/detail', { id: learnerId }, token)).status).toBe(403);
    for (const url of ['/api/sys/user/info', '/api/sys/user/profile']) {
      const r = await call(app, url, {}, token);
      expect(r.status).toBe(200);
      expect(JSON.stringify(r.body)).not.toContain(row!.template.slice(0, 24));
    }
    expect(JSON.stringify(await detail(learnerId))).not.toContain(row!.template.slice(0, 24));
  }, 60_000);
});

describe('face tracker files for the login page', () => {
  it('serves the tracker frame with its own policy and the model files from the installed packages, nothing else', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/common/face-assets/tracker.html' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self' 'unsafe-eval'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    const mesh = await app.inject({
      method: 'GET',
      url: '/api/common/face-assets/face_mesh_solution_simd_wasm_bin.wasm',
    });
    expect(mesh.statusCode).toBe(200);
    expect(mesh.headers['content-type']).toBe('application/wasm');
    // The site's own pages and calls keep the policy without eval.
    const other = await app.inject({ method: 'GET', url: '/api/common/face-assets/face_mesh.js' });
    expect(other.headers['content-security-policy']).not.toContain("'unsafe-eval'");
    for (const name of ['package.json', '..%2F..%2Fpackage.json', 'README.md']) {
      expect((await app.inject({ method: 'GET', url: `/api/common/face-assets/${name}` })).statusCode).toBe(404);
    }
  });
});
