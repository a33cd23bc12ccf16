import {
  COURSE_FILE_STATE_TEXT,
  COURSE_FILE_TYPE_TEXT,
  type CourseFileDetail,
  type CourseFileRow,
  type CourseFileSaveReq,
  CourseFileState,
  CourseFileType,
  type PagingQuery,
} from '@exam/contracts';
import {
  type AuthUser,
  type Db,
  type JobQueue,
  type KeyValue,
  type Upload,
  badRequest,
  conflict,
  fmtTime,
  newId,
  notFound,
  pageQuery,
} from '@exam/server-kit';
import { catalogTitle, fileInCourse, studyCourse } from '../course/course-repository';
import { mediaUrl } from '../play/play-token';
import {
  deleteFiles,
  fileCount,
  type FileParams as Params,
  type FileRecord,
  fileRows,
  fileWithCatalog,
  insertFile,
  refCount,
  updateFile,
} from './file-repository';
import { uploadCourseFile } from './file-upload';
import { livePullUrl } from './live-url';
import { removeStoredFiles } from './stored-files';

export function rowOf(f: FileRecord, cat: string): CourseFileRow {
  return {
    id: f.id,
    title: f.title,
    fileType: f.fileType,
    fileType_dictText: COURSE_FILE_TYPE_TEXT[f.fileType] ?? '',
    catId: f.catId,
    catId_dictText: cat,
    fileSize: f.fileSize,
    duration: f.duration,
    pageCount: f.pageCount,
    state: f.state,
    state_dictText: COURSE_FILE_STATE_TEXT[f.state] ?? '',
    stateMsg: f.stateMsg,
    createTime: fmtTime(f.createTime),
  };
}

/** The courseware library (CourseFileList) and the learner's view of one courseware. */
export function fileService(deps: { db: Db; kv: KeyValue; dataDir: string; jobs: JobQueue }) {
  const { db, kv, dataDir } = deps;

  async function byId(id: string) {
    const row = await fileWithCatalog(db, id);
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
    async paging(q: PagingQuery<Params>) {
      const p = q.params ?? {};
      return pageQuery<CourseFileRow>(
        q,
        async (limit, offset) => (await fileRows(db, p, limit, offset)).map(({ f, cat }) => rowOf(f, cat ?? '')),
        () => fileCount(db, p),
      );
    },

    /** The author's view (preview urls bound to the admin). */
    async adminDetail(id: string, user: AuthUser, session: string): Promise<CourseFileDetail> {
      const { f, cat } = await byId(id);
      return {
        ...rowOf(f, cat ?? ''),
        fileId: f.id,
        ...(await urls(f, { userId: user.id, courseId: '', session })),
        liveStream: f.liveStream,
      };
    },

    /** A learner's view: the course must be studiable and hold the file (else 403/404). */
    async learnerDetail(id: string, courseId: string, user: AuthUser, session: string): Promise<CourseFileDetail> {
      await studyCourse(db, user, courseId);
      const f = await fileInCourse(db, courseId, id);
      const cat = await catalogTitle(db, f.catId);
      return { ...rowOf(f, cat), fileId: f.id, ...(await urls(f, { userId: user.id, courseId, session })) };
    },

    async save(b: CourseFileSaveReq, user: AuthUser) {
      if (!b.title.trim()) throw badRequest('课件名称不能为空！');
      if (b.id) {
        await byId(b.id);
        const set: Partial<FileRecord> = { title: b.title.trim(), updateTime: new Date() };
        if (b.catId !== undefined) set.catId = b.catId;
        const f = await updateFile(db, b.id, set);
        if (f.fileType === CourseFileType.LIVE && b.liveStream)
          await updateFile(db, b.id, { liveStream: b.liveStream });
        return { id: b.id };
      }
      // Only live coursewares are created by a form; the others come with their upload.
      if (b.fileType !== CourseFileType.LIVE) throw badRequest('请上传课件文件！');
      if (!b.liveStream) throw badRequest('直播流名称不能为空！');
      const id = newId();
      await insertFile(db, {
        id,
        title: b.title.trim(),
        catId: b.catId ?? '',
        fileType: CourseFileType.LIVE,
        liveStream: b.liveStream,
        mediaKind: 'live',
        createBy: user.id,
      });
      return { id };
    },

    async delete(ids: string[]) {
      if ((await refCount(db, ids)) > 0) throw conflict('课件已被课程使用，请先从课程中移除！');
      const gone = await deleteFiles(db, ids);
      if (!gone.length) throw notFound('课件不存在或已删除！');
      // The rows are gone first: a storage failure leaves an orphan file, never a record without its media.
      const orphans = [];
      for (const f of gone) orphans.push(...(await removeStoredFiles(db, dataDir, f)));
      return { orphans };
    },

    /** Stores an upload as a new courseware (a video gets its transcoding job). */
    upload: (up: Upload, user: AuthUser) => uploadCourseFile(deps, up, user),
  };
}
