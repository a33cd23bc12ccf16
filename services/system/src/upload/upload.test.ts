import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { createStorage } from '@exam/server-kit';
import { call, createTestApp, S3RVER_KEY, signIn, startS3rver } from '@exam/server-kit/testing';
import type { FastifyInstance } from 'fastify';
import { seed, systemService } from '../index';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);

/** A multipart body with the file in field `file` and extra fields, as the browser client sends it. */
export function multipart(filename: string, data: Buffer, fields: Record<string, string> = {}) {
  const boundary = `----exam${Date.now()}`;
  const parts = [
    ...Object.entries(fields).map(([k, v]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ];
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let app: FastifyInstance;
let admin: string;
let learner: string;
let localDir: string;
const send = async (filename: string, data: Buffer, token?: string) => {
  const { payload, headers } = multipart(filename, data, { dir: 'ignored' });
  const res = await app.inject({
    method: 'POST',
    url: '/api/common/file/upload',
    payload,
    headers: { ...headers, ...(token ? { token } : {}) },
  });
  return { status: res.statusCode, body: res.json() };
};

beforeAll(async () => {
  app = await createTestApp({ services: [systemService], seeds: [seed] });
  admin = await signIn(app, 'admin', 'Admin@2026');
  learner = await signIn(app, 'learner', 'Learner@2026');
  // The test database lives in memory: give the local provider a folder of this run.
  localDir = `${await mkdtemp(join(tmpdir(), 'upload-test-'))}/`;
  expect(
    (await call(app, '/api/sys/config/prop/change', { type: 'upload', provider: 'local', data: { localDir } }, admin))
      .status,
  ).toBe(200);
}, 60_000); // migrations, seed and argon2 sign-ins on a busy 2-core machine
afterAll(async () => {
  await app.close();
  await rm(localDir, { recursive: true, force: true });
});

describe('upload to the local disk (default)', () => {
  it('stores an image under a generated name and serves it back publicly', async () => {
    const r = await send('我的 logo.png', PNG, learner);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ name: '我的 logo.png', size: PNG.length, kind: 'image' });
    expect(r.body.data.url).toMatch(/^\/api\/common\/file\/get\/\d{8}\/[0-9a-f]{32}\.png$/);
    const got = await app.inject({ method: 'GET', url: r.body.data.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.rawPayload.equals(PNG)).toBe(true);
  });

  it('serves documents as attachments', async () => {
    const r = await send('手册.pdf', PDF, admin);
    expect(r.status).toBe(200);
    const got = await app.inject({ method: 'GET', url: r.body.data.url });
    expect(got.headers['content-disposition']).toMatch(/^attachment/);
  });

  it('refuses a disallowed extension and content that does not match its extension', async () => {
    expect(await send('tool.exe', EXE, admin)).toMatchObject({
      status: 400,
      body: { code: 10010001, msg: expect.stringContaining('不支持的文件类型') },
    });
    expect(await send('photo.png', EXE, admin)).toMatchObject({ status: 400, body: { msg: '文件内容与扩展名不符！' } });
    expect(await send('doc.pdf', PNG, admin)).toMatchObject({ status: 400, body: { msg: '文件内容与扩展名不符！' } });
    expect(await send('empty.png', Buffer.alloc(0), admin)).toMatchObject({
      status: 400,
      body: { msg: '文件内容为空！' },
    });
  });

  it('refuses an image over its size cap', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 1)]);
    expect(await send('big.png', big, admin)).toMatchObject({ status: 400, body: { msg: '文件大小不能超过10MB！' } });
  });

  it('needs a session and a multipart body', async () => {
    expect((await send('a.png', PNG)).status).toBe(401);
    const json = await call(app, '/api/common/file/upload', { file: 'x' }, admin);
    expect(json).toMatchObject({ status: 400, body: { msg: '请选择要上传的文件！' } });
  });

  it('answers 404 for unknown or malformed names, never a path outside the folder', async () => {
    for (const url of [
      '/api/common/file/get/20260101/0123456789abcdef0123456789abcdef.png',
      '/api/common/file/get/..%2F..%2Fetc/passwd',
      '/api/common/file/get/x/y.png',
    ]) {
      const r = await app.inject({ method: 'GET', url });
      expect(r.statusCode).toBe(404);
    }
  });

  it('hands out no direct-to-cloud upload credentials, even while a cloud storage is in use', async () => {
    const data = {
      region: 'ap-guangzhou',
      bucket: 'exam-1250000000',
      secretId: 'AKIDexample',
      secretKey: 'very-secret-key-123',
      url: 'https://cdn.example.com/',
    };
    expect(
      (await call(app, '/api/sys/config/prop/change', { type: 'upload', provider: 'qcloud', data }, admin)).status,
    ).toBe(200);
    try {
      for (const url of ['/api/common/oss/sts', '/api/common/cos/token', '/api/common/qiniu/token']) {
        expect((await call(app, url, {}, admin)).status).toBe(404);
        expect((await call(app, url, {})).status).toBe(404);
      }
    } finally {
      await call(app, '/api/sys/config/prop/change', { type: 'upload', provider: 'local', data: {} }, admin);
    }
  });
});

describe('upload to an S3-compatible store (s3rver)', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  beforeAll(async () => {
    s3 = await startS3rver();
  });
  afterAll(() => s3.close());

  it('switches storage to the S3 provider and the uploaded file lands in the bucket', async () => {
    const before = await send('before.png', PNG, admin);
    const form = {
      type: 'upload',
      provider: 'minio',
      data: { endpoint: s3.endpoint, bucket: s3.bucket, accessKeyId: S3RVER_KEY, accessKeySecret: S3RVER_KEY },
    };
    expect((await call(app, '/api/sys/config/prop/change', form, admin)).status).toBe(200);
    const r = await send('banner.png', PNG, learner);
    expect(r.status).toBe(200);
    const prefix = `${s3.endpoint}/${s3.bucket}/`;
    expect(r.body.data.url.startsWith(prefix)).toBe(true);
    // Read it back from the bucket itself, past the app.
    const bucket = createStorage('minio', { ...form.data }, '/unused');
    const stored = await bucket.read(r.body.data.url.slice(prefix.length));
    expect(Buffer.concat(await stored!.toArray()).equals(PNG)).toBe(true);

    // The secret came back masked; saving the mask unchanged keeps the real one (the next upload still works).
    const detail = await call(app, '/api/sys/config/prop/detail', { type: 'upload' }, admin);
    expect(detail.body.data).toMatchObject({
      provider: 'minio',
      current: true,
      data: { accessKeySecret: '******', accessKeyId: S3RVER_KEY },
    });
    expect((await call(app, '/api/sys/config/prop/save', { ...form, data: detail.body.data.data }, admin)).status).toBe(
      200,
    );
    expect((await send('again.png', PNG, admin)).status).toBe(200);

    // Files kept on the local disk before the switch stay readable.
    const site = await call(app, '/api/sys/config/detail', {}, admin);
    expect(site.body.data.uploadType).toBe('minio');
    expect((await app.inject({ method: 'GET', url: before.body.data.url })).statusCode).toBe(200);
    // Switching back finds the local settings saved before.
    const back = await call(
      app,
      '/api/sys/config/prop/change',
      { type: 'upload', provider: 'local', data: { localDir } },
      admin,
    );
    expect(back.status).toBe(200);
    expect(
      (await call(app, '/api/sys/config/prop/detail', { type: 'upload', provider: 'minio' }, admin)).body.data.current,
    ).toBe(false);
  });
});
