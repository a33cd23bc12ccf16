import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type BuildOptions, buildApp } from '../app';

/**
 * Builds the real app for a test file. With TEST_DATABASE_URL it gets a fresh PostgreSQL database of
 * its own (created here, dropped on close); without, PGlite in memory. With TEST_REDIS_URL sessions,
 * limits and pub/sub go through Redis under a key prefix of the file's own.
 */
export async function createTestApp(
  opts: Omit<BuildOptions, 'logger'> & { databaseUrl?: string },
): Promise<FastifyInstance & { databaseUrl: string }> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  let databaseUrl = opts.databaseUrl ?? '';
  let dropDb: (() => Promise<void>) | undefined;
  if (adminUrl && !databaseUrl) {
    const name = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const app = await buildApp({
    ...opts,
    logger: false,
    onClose: dropDb,
    config: {
      databaseUrl,
      dataDir: ':memory:',
      redisUrl: process.env.TEST_REDIS_URL ?? '',
      redisPrefix: `t${randomBytes(4).toString('hex')}:`,
      demoData: true,
      ...opts.config,
    },
  });
  return Object.assign(app, { databaseUrl });
}

/** POSTs JSON through `inject` and returns status and parsed envelope. */
export async function call(app: FastifyInstance, url: string, body: unknown = {}, token?: string) {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: any; success: boolean } };
}

export async function signIn(app: FastifyInstance, username: string, password: string): Promise<string> {
  const r = await call(app, '/api/sys/user/login', { username, password });
  if (r.status !== 200) throw new Error(`sign-in of ${username} failed: ${r.body.msg}`);
  return r.body.data.token;
}
export { startS3rver, S3RVER_KEY } from './s3rver';
export { imageBook, startStandIn, type StandIn } from '../face/cloud/testing/stand-in';
export { decided, enrollFace, FACE_PHOTOS, dataUrlJpeg } from '../face-capture/testing/photos';

/** A paper's layout (el_paper.qus) holding these questions, for tests that write papers directly. */
export const paperLayoutOf = (quIds: string[], quType = 1) =>
  JSON.stringify(quIds.map((quId) => ({ quId, quType, groupNo: 0, score: 0, optOrder: {}, ver: 0 })));

/** A multipart body as the shared client sends it: the file (field `file`) and plain fields, with its content type. */
export function multipartForm(
  file: { name: string; data: Buffer },
  fields: Record<string, string> = {},
): { payload: Buffer; headers: { 'content-type': string } } {
  const b = '----test-boundary';
  const part = (h: string, body: Buffer | string) =>
    Buffer.concat([Buffer.from(`--${b}\r\n${h}\r\n\r\n`), Buffer.from(body), Buffer.from('\r\n')]);
  const payload = Buffer.concat([
    part(
      `content-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: application/octet-stream`,
      file.data,
    ),
    ...Object.entries(fields).map(([k, v]) => part(`content-disposition: form-data; name="${k}"`, v)),
    Buffer.from(`--${b}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${b}` } };
}
