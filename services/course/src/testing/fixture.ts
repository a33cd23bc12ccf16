import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CourseFileState, CourseFileType } from '@exam/contracts';
import { newId, schema } from '@exam/server-kit';
import { call, createTestApp, multipartForm, signIn } from '@exam/server-kit/testing';
import { seed as systemSeed, systemService } from '@exam/svc-system';
import type { FastifyInstance } from 'fastify';
import { courseService, seed as courseSeed } from '../index';

export type Ctx = { app: FastifyInstance; admin: string; learner: string; learner2: string };

/** The real app with the system and course services; admin, learner (dept A01A01) and learner2 (A01A02) signed in. */
export async function courseTestApp(attempt = 1): Promise<Ctx> {
  let app: FastifyInstance;
  try {
    app = await createTestApp({ services: [systemService, courseService], seeds: [systemSeed, courseSeed] });
  } catch (e) {
    // A loaded 2-core machine can overrun avvio's start limit: try again rather than fail the file.
    if (attempt >= 3 || !String((e as Error).message).includes('did not start in time')) throw e;
    return courseTestApp(attempt + 1);
  }
  await useTempStorage(app);
  const [admin, learner, learner2] = await Promise.all([
    signIn(app, 'admin', 'Admin@2026'),
    signIn(app, 'learner', 'Learner@2026'),
    signIn(app, 'learner2', 'Learner@2026'),
  ]);
  return { app, admin, learner, learner2 };
}

/** Local storage in a temp folder of the test's own (not under the working directory). */
export async function useTempStorage(app: FastifyInstance) {
  const dir = await mkdtemp(join(tmpdir(), 'course-test-'));
  await app.db
    .insert(schema.sysConfigProp)
    .values({ id: newId(), type: 'upload', provider: 'local', current: true, data: { localDir: dir } })
    .onConflictDoUpdate({
      target: [schema.sysConfigProp.type, schema.sysConfigProp.provider],
      set: { data: { localDir: dir }, current: true },
    });
  return dir;
}

/** A ready courseware row (as a finished transcode leaves it), without running ffmpeg. */
export async function addFile(app: FastifyInstance, over: Partial<typeof schema.elCourseFile.$inferInsert> = {}) {
  const id = newId();
  await app.db.insert(schema.elCourseFile).values({
    id,
    title: `课件${id.slice(-4)}`,
    fileType: CourseFileType.VIDEO,
    duration: 100,
    state: CourseFileState.NORMAL,
    mediaKind: 'mp4',
    mediaKey: 'local:20260101/00000000000000000000000000000000.mp4',
    ...over,
  });
  return id;
}

export const nowPlus = (min: number) =>
  new Date(Date.now() + min * 60_000 + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

export const courseBody = (over: Record<string, unknown> = {}) => ({
  title: '测试课程',
  openType: 1,
  fileRefs: [],
  ...over,
});

export async function saveCourse(ctx: Ctx, over: Record<string, unknown> = {}) {
  const r = await call(ctx.app, '/api/course/course/save', courseBody(over), ctx.admin);
  if (r.status !== 200) throw new Error(`course save failed: ${r.body.msg}`);
  return r.body.data.id as string;
}

/** A courseware upload as the shared client sends it (multipart: `file` plus fields). */
export async function upload(
  app: FastifyInstance,
  token: string,
  filename: string,
  data: Buffer,
  fields: Record<string, string> = {},
) {
  const form = multipartForm({ name: filename, data }, fields);
  const res = await app.inject({
    method: 'POST',
    url: '/api/course/file/upload',
    payload: form.payload,
    headers: { ...form.headers, token },
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: any } };
}

/** GET a media url (play token in the path), optionally with a session header. */
export async function fetchMedia(app: FastifyInstance, url: string, token?: string) {
  const res = await app.inject({ method: 'GET', url, headers: token ? { token } : {} });
  return {
    status: res.statusCode,
    body: res.rawPayload,
    text: res.payload,
    type: String(res.headers['content-type'] ?? ''),
    disposition: String(res.headers['content-disposition'] ?? ''),
  };
}
