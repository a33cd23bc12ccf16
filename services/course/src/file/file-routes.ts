import { CourseFileCalls, CourseFileUploadRes, Envelope } from '@exam/contracts';
import { badRequest, forbidden, type JobQueue, ok, readUpload, route, useMultipart, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { COURSE_UPLOAD_EXTS, COURSE_UPLOAD_MAX } from './file-upload';
import { fileService } from './file-service';
import type { PlayAccess } from '../play/play-access';

/** The courseware library (CourseFileList) and the courseware detail learners play from. */
export async function fileRoutes(app: FastifyInstance, opts: { jobs: JobQueue; access: PlayAccess }) {
  await useMultipart(app);
  const svc = fileService({ db: app.db, kv: app.infra.kv, dataDir: app.config.dataDir, jobs: opts.jobs });
  // The course editor's picker lists coursewares too.
  route(app, CourseFileCalls.paging, { permission: ['course:file:list', 'course:add', 'course:update'] }, (req) =>
    svc.paging(req.body),
  );
  route(app, CourseFileCalls.detail, {}, (req) => {
    const u = userOf(req);
    const session = String(req.headers.token ?? '');
    // With a course id it is the learner's view (rights per course); without, the library's (admins only).
    if (req.body.courseId) return svc.learnerDetail(req.body.id, req.body.courseId, u, session);
    if (!u.permissions.includes('course:file:list')) throw badRequest('请指定课程！');
    return svc.adminDetail(req.body.id, u, session);
  });
  // A courseware may sit in many courses: its change drops every play-access entry.
  const changed = () => opts.access.changed();
  route(app, CourseFileCalls.save, { permission: ['course:file:add', 'course:file:update'] }, async (req) => {
    const user = userOf(req);
    if (!user.permissions.includes(req.body.id ? 'course:file:update' : 'course:file:add')) throw forbidden();
    const saved = await svc.save(req.body, user);
    await changed();
    return saved;
  });
  route(app, CourseFileCalls.delete, { permission: 'course:file:delete' }, async (req) => {
    const { orphans } = await svc.delete(req.body.ids);
    await changed();
    if (orphans.length) req.log.warn({ orphans }, 'courseware deleted; some stored files could not be removed');
    return null;
  });
  app.post(
    CourseFileCalls.upload.url,
    { schema: { response: { 200: Envelope(CourseFileUploadRes) } }, config: { permission: 'course:file:add' } },
    async (req) => {
      const up = await readUpload(req, {
        maxBytes: COURSE_UPLOAD_MAX,
        exts: COURSE_UPLOAD_EXTS,
        badType: '只能上传 mp4 视频、PDF 或 zip、rar、docx、xlsx、pptx 附件！',
      });
      return ok(await svc.upload(up, userOf(req)));
    },
  );
}
