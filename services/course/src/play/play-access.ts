import { CourseFileState } from '@exam/contracts';
import { type AuthUser, CacheChannel, changedIds, changedMessage, forbidden, notFound } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { fileInCourse, studyCourse } from '../course/course-repository';
import { type FileRecord, fileById } from '../file/file-repository';
import type { PlayBinding } from './play-token';

/** What the play routes need of a courseware (the cached row; the title names a downloaded attachment). */
export type Media = { fileType: number; mediaKind: string; mediaKey: string; srcKey: string; title: string };
export type PlayAccess = ReturnType<typeof playAccess>;
const CACHE_MS = 60_000;
const MAX_ENTRIES = 10_000;

/**
 * Who may play what, per course, file and learner: the course still studiable by them, the file still in it
 * and ready. Play links check it on every request (the key too) from this in-process cache; a course or
 * courseware change (`changed`) drops it here at once and on every other replica through the bus, so a
 * disabled or deleted course stops playing.
 */
export function playAccess(app: FastifyInstance) {
  const entries = new Map<string, { at: number; m: Media }>();
  const drop = (ids: string[] | undefined) => {
    if (!ids) return entries.clear();
    for (const k of entries.keys()) if (ids.some((id) => k.startsWith(`${id}|`))) entries.delete(k);
  };
  void app.infra.bus.subscribe(CacheChannel.COURSE_CHANGED, (msg) => drop(changedIds(msg))).catch(() => {});

  return {
    /** The media a binding may play now, for the user holding its session (404/403 with the reason otherwise). */
    async mediaOf(b: PlayBinding, user: AuthUser): Promise<Media> {
      const key = `${b.courseId}|${b.fileId}|${b.userId}`;
      const hit = entries.get(key);
      if (hit && Date.now() - hit.at < CACHE_MS) return hit.m;
      let f: FileRecord | undefined;
      if (b.courseId) {
        await studyCourse(app.db, user, b.courseId);
        f = await fileInCourse(app.db, b.courseId, b.fileId);
      } else {
        // The library's preview: course administrators only, for as long as they are.
        if (!user.permissions.includes('course:file:list')) throw forbidden();
        f = await fileById(app.db, b.fileId);
      }
      if (!f || f.state !== CourseFileState.NORMAL || !f.mediaKey) throw notFound('课件不存在或已删除！');
      if (entries.size > MAX_ENTRIES) entries.clear();
      const m: Media = {
        fileType: f.fileType,
        mediaKind: f.mediaKind,
        mediaKey: f.mediaKey,
        srcKey: f.srcKey,
        title: f.title,
      };
      entries.set(key, { at: Date.now(), m });
      return m;
    },

    /** Courses changed (none given: a courseware, which may sit in any course). */
    async changed(courseIds?: string[]) {
      drop(courseIds);
      await app.infra.bus.publish(CacheChannel.COURSE_CHANGED, changedMessage(courseIds));
    },
  };
}
