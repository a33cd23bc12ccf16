import {
  COURSE_FILE_STATE_TEXT, COURSE_FILE_TYPE_TEXT, type CourseFileDetail, type CourseFileRow, type CourseFileSaveReq, CourseFileState, CourseFileType, type PagingQuery,
} from '@exam/contracts';
import { type AuthUser, type Db, type KeyValue, badRequest, conflict, contains, fmtTime, newId, notFound, pageQuery, schema } from '@exam/server-kit';
import { and, count, desc, eq, inArray, notInArray, type SQL } from 'drizzle-orm';
import { fileInCourse, studyCourse } from '../course/course-repository';
import { mediaUrl } from '../play/play-token';
import { livePullUrl } from './live-url';
import { removeStoredFiles } from './stored-files';

type Params = { title?: string; fileType?: number; state?: number; excludes?: string[]; catId?: string };
type FileRecord = typeof schema.elCourseFile.$inferSelect;

const catJoin = () => and(eq(schema.sysDicValue.dicCode, 'course_catalog'), eq(schema.sysDicValue.value, schema.elCourseFile.catId));

export function rowOf(f: FileRecord, cat: string): CourseFileRow {
  return {
    id: f.id, title: f.title, fileType: f.fileType, fileType_dictText: COURSE_FILE_TYPE_TEXT[f.fileType] ?? '', catId: f.catId, catId_dictText: cat,
    fileSize: f.fileSize, duration: f.duration, pageCount: f.pageCount, state: f.state, state_dictText: COURSE_FILE_STATE_TEXT[f.state] ?? '',
    stateMsg: f.stateMsg, createTime: fmtTime(f.createTime),
  };
}

/** The courseware library (CourseFileList) and the learner's view of one courseware. */
export function fileService(db: Db, kv: KeyValue, dataDir: string) {
  const { elCourseFile, elCourseRef, sysDicValue } = schema;

  async function byId(id: string) {
    const [row] = await db.select({ f: elCourseFile, cat: sysDicValue.title }).from(elCourseFile).leftJoin(sysDicValue, catJoin()).where(eq(elCourseFile.id, id));
    if (!row) throw notFound('课件不存在或已删除！');
    return row;
  }

  /** Urls of a courseware for one reader: media through a play token, live through the live config. */
  async function urls(f: FileRecord, b: { userId: string; courseId: string; session: string }) {
    if (f.fileType === CourseFileType.LIVE) return { viewUrl: await livePullUrl(db, f.liveStream), fileUrl: '' };
    if (f.state !== CourseFileState.NORMAL || !f.mediaKind) return { viewUrl: '', fileUrl: '' };
    const url = await mediaUrl(kv, { ...b, fileId: f.id }, f);
    return f.fileType === CourseFileType.VIDEO ? { viewUrl: url, fileUrl: '' } : { viewUrl: '', fileUrl: url };
  }

  return {
    byId,
    async paging(q: PagingQuery<Params>) {
      const p = q.params ?? {};
      const cond = and(
        p.title ? contains(elCourseFile.title, p.title) : undefined, p.fileType ? eq(elCourseFile.fileType, p.fileType) : undefined,
        p.state !== undefined ? eq(elCourseFile.state, p.state) : undefined, p.catId ? eq(elCourseFile.catId, p.catId) : undefined,
        p.excludes?.length ? notInArray(elCourseFile.id, p.excludes) : undefined,
      ) as SQL | undefined;
      return pageQuery<CourseFileRow>(
        q,
        async (limit, offset) =>
          (await db.select({ f: elCourseFile, cat: sysDicValue.title }).from(elCourseFile).leftJoin(sysDicValue, catJoin()).where(cond)
            .orderBy(desc(elCourseFile.createTime), desc(elCourseFile.id)).limit(limit).offset(offset)).map(({ f, cat }) => rowOf(f, cat ?? '')),
        async () => Number((await db.select({ n: count() }).from(elCourseFile).where(cond))[0].n),
      );
    },

    /** The author's view (preview urls bound to the admin). */
    async adminDetail(id: string, user: AuthUser, session: string): Promise<CourseFileDetail> {
      const { f, cat } = await byId(id);
      return { ...rowOf(f, cat ?? ''), fileId: f.id, ...(await urls(f, { userId: user.id, courseId: '', session })), liveStream: f.liveStream };
    },

    /** A learner's view: the course must be studiable and hold the file (else 403/404). */
    async learnerDetail(id: string, courseId: string, user: AuthUser, session: string): Promise<CourseFileDetail> {
      await studyCourse(db, user, courseId);
      const f = await fileInCourse(db, courseId, id);
      const [cat] = await db.select({ t: sysDicValue.title }).from(sysDicValue).where(and(eq(sysDicValue.dicCode, 'course_catalog'), eq(sysDicValue.value, f.catId)));
      return { ...rowOf(f, cat?.t ?? ''), fileId: f.id, ...(await urls(f, { userId: user.id, courseId, session })) };
    },

    async save(b: CourseFileSaveReq, user: AuthUser) {
      if (!b.title.trim()) throw badRequest('课件名称不能为空！');
      if (b.id) {
        await byId(b.id);
        const set: Partial<FileRecord> = { title: b.title.trim(), updateTime: new Date() };
        if (b.catId !== undefined) set.catId = b.catId;
        const [f] = await db.update(elCourseFile).set(set).where(eq(elCourseFile.id, b.id)).returning();
        if (f.fileType === CourseFileType.LIVE && b.liveStream) await db.update(elCourseFile).set({ liveStream: b.liveStream }).where(eq(elCourseFile.id, b.id));
        return { id: b.id };
      }
      // Only live coursewares are created by a form; the others come with their upload.
      if (b.fileType !== CourseFileType.LIVE) throw badRequest('请上传课件文件！');
      if (!b.liveStream) throw badRequest('直播流名称不能为空！');
      const id = newId();
      await db.insert(elCourseFile).values({ id, title: b.title.trim(), catId: b.catId ?? '', fileType: CourseFileType.LIVE, liveStream: b.liveStream, mediaKind: 'live', createBy: user.id });
      return { id };
    },

    async delete(ids: string[]) {
      const used = await db.select({ n: count() }).from(elCourseRef).where(inArray(elCourseRef.fileId, ids));
      if (Number(used[0].n) > 0) throw conflict('课件已被课程使用，请先从课程中移除！');
      const gone = await db.delete(elCourseFile).where(inArray(elCourseFile.id, ids))
        .returning({ id: elCourseFile.id, srcKey: elCourseFile.srcKey, mediaKind: elCourseFile.mediaKind, mediaKey: elCourseFile.mediaKey });
      if (!gone.length) throw notFound('课件不存在或已删除！');
      // The rows are gone first: a storage failure leaves an orphan file, never a record without its media.
      const orphans = [];
      for (const f of gone) orphans.push(...(await removeStoredFiles(db, dataDir, f)));
      return { orphans };
    },
  };
}
