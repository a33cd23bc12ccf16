import { CourseFileState, CourseFileType } from '@exam/contracts';
import { type Db, jobQueue, type Seed, schema, seedOnce } from '@exam/server-kit';
import { eq, sql } from 'drizzle-orm';
import { storedKey } from '../transcode/media-keys';
import { activeStorage, newMediaKey } from '../transcode/storage-config';
import { TRANSCODE_QUEUE } from '../transcode/transcode-job';
import { demoVideo } from './demo-media';
import { samplePdf } from './sample-pdf';

const HANDBOOK = ['Safety handbook', '1. Wear protective equipment', '2. Report hazards at once', '3. Know the exits'];
const CHECKLIST = ['Daily safety checklist', 'Fire extinguishers checked', 'Exits clear'];

async function store(db: Db, dataDir: string, ext: string, body: Buffer, contentType: string) {
  const { storage } = await activeStorage(db, dataDir);
  const key = newMediaKey(ext);
  await storage.put(key, { body, size: body.length, contentType });
  return storedKey(storage.provider, key);
}

/** Demo courses for the embedded mode. */
export const seed: Seed = async (db, config) => {
  if (!config.demoData) return;
  await seedOnce(db, 'course-demo', async (tx) => {
    await tx.insert(schema.elCourse).values({ id: 'c-demo-1', title: '安全生产入门', catId: 'safety', contentText: '企业安全生产的基本知识与规范。', createBy: 'u-admin' });
  });
  // In-memory databases (tests) get no demo media: their storage would land in the working directory.
  if (config.dataDir === ':memory:') return;
  // Media are made before the seed transaction (ffmpeg takes a moment); a rerun after a crash makes new ones.
  if ((await db.select().from(schema.sysSeed).where(eq(schema.sysSeed.name, 'course-demo-media'))).length) return;
  const video = await demoVideo();
  if (!video) console.warn('[course] ffmpeg not found: the demo course is seeded without its video');
  const handbook = samplePdf(HANDBOOK);
  const checklist = samplePdf(CHECKLIST);
  const files = {
    video: video ? await store(db, config.dataDir, 'mp4', video, 'video/mp4') : '',
    handbook: await store(db, config.dataDir, 'pdf', handbook, 'application/pdf'),
    checklist: await store(db, config.dataDir, 'pdf', checklist, 'application/pdf'),
  };
  const jobs = jobQueue(db);
  await seedOnce(db, 'course-demo-media', async (tx) => {
    const { elCourse, elCourseFile, elCourseRef, sysUser } = schema;
    const rows: (typeof elCourseFile.$inferInsert)[] = [
      { id: 'cf-demo-pdf', title: '安全生产手册', fileType: CourseFileType.PDF, catId: 'safety', fileSize: handbook.length, pageCount: HANDBOOK.length, srcKey: files.handbook, mediaKind: 'pdf', mediaKey: files.handbook, createBy: 'u-admin' },
      { id: 'cf-demo-ref', title: '每日安全检查表', fileType: CourseFileType.ATTACH, catId: 'safety', fileSize: checklist.length, srcKey: files.checklist, mediaKind: 'file', mediaKey: files.checklist, createBy: 'u-admin' },
    ];
    // The video starts in state 1: the transcoding queue turns it into encrypted HLS once the server runs.
    if (video) rows.unshift({ id: 'cf-demo-video', title: '安全生产入门视频', fileType: CourseFileType.VIDEO, catId: 'safety', fileSize: video.length, state: CourseFileState.TRANSCODING, srcKey: files.video, createBy: 'u-admin' });
    await tx.insert(elCourseFile).values(rows);
    await tx.update(elCourse).set({ content: '<p>企业安全生产的基本知识与规范：视频讲解、手册阅读与检查表。</p>', videoDrag: true }).where(sql`${elCourse.id} = 'c-demo-1'`);
    await tx.insert(elCourse).values({
      id: 'c-demo-2', title: '安全管理进阶（积分课程）', catId: 'manage', costPoints: 20, content: '<p>用 20 积分购买后学习。</p>', contentText: '用 20 积分购买后学习。', createBy: 'u-admin',
    });
    await tx.insert(elCourseRef).values([
      ...rows.map((r, i) => ({ courseId: 'c-demo-1', fileId: r.id!, sort: i, chapter: i === 0 ? '第一章 入门' : '' })),
      { courseId: 'c-demo-2', fileId: 'cf-demo-pdf', sort: 0 },
    ]);
    // Demo learners get points to try the points course.
    await tx.update(sysUser).set({ points: sql`${sysUser.points} + 100` }).where(sql`${sysUser.id} in ('u-learner', 'u-learner2')`);
    if (video) await jobs.enqueue(tx, TRANSCODE_QUEUE, { fileId: 'cf-demo-video' });
  });
};
