import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStorage, jobQueue, schema, newStorageKey } from '@exam/server-kit';
import { createTestApp } from '@exam/server-kit/testing';
import { seed as systemSeed, systemService } from '@exam/svc-system';
import { afterAll, describe, expect, it } from '@rstest/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { courseService, seed as courseSeed } from '../index';
import { addFile, useTempStorage } from '../testing/fixture';
import { makeVideo } from '../testing/video';
import { storedKey } from './media-keys';
import { TRANSCODE_QUEUE } from './transcode-job';

const opened: FastifyInstance[] = [];
afterAll(async () => {
  for (const a of opened.reverse()) await a.close().catch(() => {});
});

/** Opens the app on one database again and again: PostgreSQL (kept by a holder app) or PGlite in a folder. */
async function opener() {
  const dataDir = await mkdtemp(join(tmpdir(), 'course-restart-'));
  const holder = process.env.TEST_DATABASE_URL ? await createTestApp({ services: [], seeds: [] }) : undefined;
  if (holder) opened.push(holder);
  return async () => {
    const app = await createTestApp({
      services: [systemService, courseService],
      seeds: [systemSeed, courseSeed],
      databaseUrl: holder?.databaseUrl,
      config: holder ? {} : { dataDir },
    });
    opened.push(app);
    return app;
  };
}

describe('transcoding across a restart', () => {
  it('finishes a job whose worker died mid-run once the app starts again', async () => {
    const open = await opener();
    const first = await open();
    const storageDir = await useTempStorage(first);
    const video = await makeVideo(storageDir, 3);
    const key = newStorageKey('mp4');
    await createStorage('local', { localDir: storageDir }, '').put(key, {
      body: video,
      size: video.length,
      contentType: 'video/mp4',
    });
    const id = await addFile(first, {
      state: 1,
      mediaKind: '',
      mediaKey: '',
      duration: 0,
      srcKey: storedKey('local', key),
    });
    // A worker of another replica claims the job, then its process dies (no release; its claim lasts 1 s).
    const crashed = jobQueue(first.db, { lockSec: 1 });
    await crashed.enqueue(first.db, TRANSCODE_QUEUE, { fileId: id });
    const claimed = await crashed.claim(TRANSCODE_QUEUE);
    expect(claimed?.payload.fileId).toBe(id);
    await first.close();

    const second = await open();
    let f = (await second.db.select().from(schema.elCourseFile).where(eq(schema.elCourseFile.id, id)))[0];
    for (let i = 0; i < 200 && f.state === 1; i++) {
      await new Promise((r) => setTimeout(r, 100));
      f = (await second.db.select().from(schema.elCourseFile).where(eq(schema.elCourseFile.id, id)))[0];
    }
    expect(f).toMatchObject({ state: 0, duration: 3, mediaKind: 'hls' });
    // The job is marked done just after the file's own transaction commits: wait for that statement.
    const jobOf = async () =>
      (await second.db.select().from(schema.sysJob).where(eq(schema.sysJob.id, claimed!.id)))[0];
    let job = await jobOf();
    for (let i = 0; i < 50 && job.state === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      job = await jobOf();
    }
    expect(job).toMatchObject({ state: 'done', attempts: 2 });
  }, 60_000);
});
