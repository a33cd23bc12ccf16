import { CourseFileState, CourseFileType } from '@exam/contracts';
import {
  type Config,
  cjkGlyphs,
  type Db,
  grantPoints,
  jobQueue,
  type Seed,
  schema,
  seedOnce,
  newStorageKey,
} from '@exam/server-kit';
import { eq, sql } from 'drizzle-orm';
import { storedKey } from '../transcode/media-keys';
import { storageAndTranscoding } from '../transcode/storage-config';
import { TRANSCODE_QUEUE } from '../transcode/transcode-job';
import { demoVideo } from './demo-media';
import { samplePdf } from './sample-pdf';

/** The demo PDF courseware (安全生产手册): one page per entry, its first line the page heading. */
const HANDBOOK = [
  '安全生产手册\n本手册介绍企业安全生产的基本要求。\n请结合课程视频逐页阅读。',
  '一、个人防护\n进入作业区域必须佩戴安全帽、防护手套等防护用品。\n防护用品应定期检查，损坏后立即更换。',
  '二、隐患报告\n发现安全隐患应立即报告，不得冒险作业。\n报告时说明隐患的位置、类型和已采取的措施。',
  '三、应急疏散\n熟悉工作场所的安全出口和疏散路线。\n发生火灾时保持镇静，按现场指示有序撤离。',
];
/** The demo reference attachment (每日安全检查表): one page. */
const CHECKLIST = [
  '每日安全检查表\n□ 灭火器在有效期内，压力正常\n□ 安全出口和疏散通道畅通\n□ 电气线路无破损，无私拉乱接\n□ 作业人员按规定佩戴防护用品\n检查人：＿＿＿＿＿＿　　日期：＿＿＿＿＿＿',
];
/** What the demo learners are given, so they can try the points course (安全管理进阶, 20 points). */
const DEMO_POINTS = { points: 100, remark: '系统赠送体验积分' };

async function store(db: Db, dataDir: string, ext: string, body: Buffer, contentType: string) {
  const { storage } = await storageAndTranscoding(db, dataDir);
  const key = newStorageKey(ext);
  await storage.put(key, { body, size: body.length, contentType });
  return storedKey(storage.provider, key);
}

/** Demo courses for the embedded mode. */
export const seed: Seed = async (db, config) => {
  if (!config.demoData) return;
  await seedOnce(db, 'course-demo', async (tx) => {
    await tx.insert(schema.elCourse).values({
      id: 'c-demo-1',
      title: '安全生产入门',
      catId: 'safety',
      contentText: '企业安全生产的基本知识与规范。',
      createBy: 'u-admin',
    });
  });
  // In-memory databases (tests) get no demo media: their storage would land in the working directory.
  if (config.dataDir === ':memory:') return;
  await demoMedia(db, config);
  await demoPriced(db);
};

/** The demo courses' files and the points course (media are made by ffmpeg and stored before their transaction). */
async function demoMedia(db: Db, config: Config) {
  // A rerun after a crash makes new ones.
  if ((await db.select().from(schema.sysSeed).where(eq(schema.sysSeed.name, 'course-demo-media'))).length) return;
  const video = await demoVideo();
  if (!video) console.warn('[course] ffmpeg not found: the demo course is seeded without its video');
  // The PDFs carry the outlines of their Chinese text (a CJK font is needed here, not on the learner's device).
  const glyphs = await cjkGlyphs();
  if (!glyphs)
    console.warn(
      '[course] no Chinese font found (Debian: fonts-noto-cjk, or set CJK_FONT_PATH): the demo PDFs name a font without embedding it',
    );
  const handbook = samplePdf(HANDBOOK, glyphs);
  const checklist = samplePdf(CHECKLIST, glyphs);
  const files = {
    video: video ? await store(db, config.dataDir, 'mp4', video, 'video/mp4') : '',
    handbook: await store(db, config.dataDir, 'pdf', handbook, 'application/pdf'),
    checklist: await store(db, config.dataDir, 'pdf', checklist, 'application/pdf'),
  };
  const jobs = jobQueue(db);
  await seedOnce(db, 'course-demo-media', async (tx) => {
    const { elCourse, elCourseFile, elCourseRef, sysUser } = schema;
    const rows: (typeof elCourseFile.$inferInsert)[] = [
      {
        id: 'cf-demo-pdf',
        title: '安全生产手册',
        fileType: CourseFileType.PDF,
        catId: 'safety',
        fileSize: handbook.length,
        pageCount: HANDBOOK.length,
        srcKey: files.handbook,
        mediaKind: 'pdf',
        mediaKey: files.handbook,
        createBy: 'u-admin',
      },
      {
        id: 'cf-demo-ref',
        title: '每日安全检查表',
        fileType: CourseFileType.ATTACH,
        catId: 'safety',
        fileSize: checklist.length,
        srcKey: files.checklist,
        mediaKind: 'file',
        mediaKey: files.checklist,
        createBy: 'u-admin',
      },
    ];
    // The video starts in state 1: the transcoding queue turns it into encrypted HLS once the server runs.
    if (video)
      rows.unshift({
        id: 'cf-demo-video',
        title: '安全生产入门视频',
        fileType: CourseFileType.VIDEO,
        catId: 'safety',
        fileSize: video.length,
        state: CourseFileState.TRANSCODING,
        srcKey: files.video,
        createBy: 'u-admin',
      });
    await tx.insert(elCourseFile).values(rows);
    await tx
      .update(elCourse)
      .set({ content: '<p>企业安全生产的基本知识与规范：视频讲解、手册阅读与检查表。</p>', videoDrag: true })
      .where(sql`${elCourse.id} = 'c-demo-1'`);
    await tx.insert(elCourse).values({
      id: 'c-demo-2',
      title: '安全管理进阶（积分课程）',
      catId: 'manage',
      costPoints: 20,
      content: '<p>用 20 积分购买后学习。</p>',
      contentText: '用 20 积分购买后学习。',
      createBy: 'u-admin',
    });
    await tx.insert(elCourseRef).values([
      ...rows.map((r, i) => ({
        courseId: 'c-demo-1',
        fileId: r.id!,
        sort: i,
        chapter: i === 0 ? '第一章 入门' : '',
      })),
      { courseId: 'c-demo-2', fileId: 'cf-demo-pdf', sort: 0 },
    ]);
    // Demo learners get points to try the points course: logged, so the balance is the log's sum.
    const learners = await tx
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(sql`${sysUser.id} in ('u-learner', 'u-learner2')`);
    for (const { id } of learners) await grantPoints(tx, { userId: id, ...DEMO_POINTS });
    if (video) await jobs.enqueue(tx, TRANSCODE_QUEUE, { fileId: 'cf-demo-video' });
  });
}

/** Issue 40: a course sold for money (paid by WeChat Pay or Alipay once the site configures them), over the handbook. */
async function demoPriced(db: Db) {
  await seedOnce(db, 'course-demo-priced', async (tx) => {
    const { elCourse, elCourseRef } = schema;
    await tx.insert(elCourse).values({
      id: 'c-demo-3',
      title: '安全管理精品课（付费课程）',
      catId: 'manage',
      salePrice: 19.9,
      content: '<p>在线支付 19.90 元后学习。</p>',
      contentText: '在线支付 19.90 元后学习。',
      createBy: 'u-admin',
    });
    await tx.insert(elCourseRef).values({ courseId: 'c-demo-3', fileId: 'cf-demo-pdf', sort: 0 });
  });
}
