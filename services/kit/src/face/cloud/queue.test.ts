import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sysConfigProp, sysJob, sysUser, sysUserFace } from '../../db/schema';
import { type JobHandler, jobQueue } from '../../jobs';
import { createTestApp } from '../../testing';
import { newId } from '../../util';
import { imageOf, saveFaceImage } from '../images';
import { type FaceJobPayload, type FaceResult, faceService } from '../service';
import { imageBook, type StandIn, startStandIn } from './testing/stand-in';

// A cloud provider in use behind the kit's face service: enrolment reaches qcloud, a capture is compared
// by the job queue, and a rate-limited provider leaves the job queued for a later retry (not a failed check).
const book = imageBook();
const alice = book.image({ person: 'alice' });
let app: FastifyInstance;
let standIn: StandIn;
const userId = newId();

beforeAll(async () => {
  standIn = await startStandIn({
    qcloud: { secretId: 'AKIDq', secretKey: 'queue-secret-1', groups: ['g1'] },
    see: book.see,
  });
  process.env.FACE_CLOUD_BASE_URL = standIn.url;
  app = await createTestApp({ services: [], seeds: [] });
  await app.db.insert(sysUser).values({ id: userId, userName: `face${userId}`, realName: '张三', password: 'x' });
  await app.db.insert(sysConfigProp).values({
    id: newId(),
    type: 'face',
    provider: 'qcloud',
    current: true,
    remark: '',
    data: { secretId: 'AKIDq', secretKey: 'queue-secret-1', region: 'ap-guangzhou', groupId: 'g1' },
  });
}, 60_000);
afterAll(async () => {
  delete process.env.FACE_CLOUD_BASE_URL;
  await app.close();
  await standIn.close();
});

describe('cloud face provider behind the face service and the job queue', () => {
  it('enrols into the provider group, compares queued captures, retries when rate limited', async () => {
    const faces = faceService({ db: app.db, dataDir: app.config.dataDir });
    await faces.enroll(userId, await saveFaceImage(app.db, app.config.dataDir, alice));
    expect((await app.db.select().from(sysUserFace).where(eq(sysUserFace.userId, userId)))[0]).toMatchObject({
      provider: 'qcloud',
      model: '3.0',
      template: `u${userId}`,
    });

    const queue = jobQueue(app.db);
    const results: FaceResult[] = [];
    const capture = async (img: Buffer) =>
      faces.enqueueCompare(queue, app.db, 'cloud-test', {
        userId,
        image: await saveFaceImage(app.db, app.config.dataDir, img),
        ref: {},
      });
    const handler: JobHandler = async (job) => {
      const p = job.payload as FaceJobPayload;
      results.push(await faces.compareWithEnrolled(p.userId, (await imageOf(app.db, app.config.dataDir, p.image))!));
    };

    await capture(book.image({ person: 'alice' }));
    expect(await queue.runOne('face:cloud-test', handler)).toBe(true);
    expect(results.pop()).toMatchObject({ pass: true });

    standIn.throttle('qcloud');
    const id = await capture(book.image({ person: 'alice' }));
    await queue.runOne('face:cloud-test', handler);
    const [job] = await app.db.select().from(sysJob).where(eq(sysJob.id, id));
    expect(job).toMatchObject({ state: 'queued', attempts: 1 });
    expect(job!.lastError).toContain('人脸识别服务繁忙');
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(results).toHaveLength(0);

    await app.db
      .update(sysJob)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(sysJob.id, id));
    expect(await queue.runOne('face:cloud-test', handler)).toBe(true);
    expect(results.pop()).toMatchObject({ pass: true });

    await capture(book.image({ person: 'bob' }));
    await queue.runOne('face:cloud-test', handler);
    expect(results.pop()).toMatchObject({ pass: false });
    expect(standIn.calls.qcloud).toEqual(expect.arrayContaining(['DetectFace', 'CreatePerson', 'VerifyFace']));
  });

  it('compareImages (real-name review) compares the two images and leaves the enrolled person alone', async () => {
    const faces = faceService({ db: app.db, dataDir: app.config.dataDir });
    const before = await app.db.select().from(sysUserFace).where(eq(sysUserFace.userId, userId));
    standIn.calls.qcloud.length = 0;
    expect(await faces.compareImages(book.image({ person: 'carol' }), book.image({ person: 'carol' }))).toMatchObject({
      pass: true,
    });
    expect(await faces.compareImages(book.image({ person: 'dave' }), book.image({ person: 'carol' }))).toMatchObject({
      pass: false,
    });
    expect(await faces.compareImages(book.image({ person: 'carol' }), Buffer.from('no face here'))).toHaveProperty(
      'reason',
    );
    expect(standIn.calls.qcloud).toContain('CompareFace');
    expect(standIn.calls.qcloud).not.toContain('CreatePerson');
    expect(standIn.calls.qcloud).not.toContain('DeletePerson');
    expect(standIn.calls.qcloud).not.toContain('VerifyFace');
    expect(await app.db.select().from(sysUserFace).where(eq(sysUserFace.userId, userId))).toEqual(before);
  });
});
