import { CourseFileState, CourseFileType } from '@exam/contracts';
import { type AuthUser, type Db, type JobQueue, newId, type Upload, newStorageKey } from '@exam/server-kit';
import { storedKey } from '../transcode/media-keys';
import { storageAndTranscoding } from '../transcode/storage-config';
import { TRANSCODE_QUEUE } from '../transcode/transcode-job';
import { insertFile } from './file-repository';
import { pdfPageCount } from './pdf-pages';

/** What a courseware upload may be: mp4 video, PDF, or a reference attachment (office files, archives). */
export const COURSE_UPLOAD_EXTS = ['mp4', 'pdf', 'zip', 'rar', 'docx', 'xlsx', 'pptx'];
export const COURSE_UPLOAD_MAX = 200 * 1024 * 1024;
const TYPES: Record<string, string> = { mp4: 'video/mp4', pdf: 'application/pdf', zip: 'application/zip' };

/**
 * Stores an uploaded courseware with the provider in use. A video starts in state 1 and gets a
 * transcoding job in the same transaction; PDFs are counted by page; anything else is an attachment
 * (a PDF too when the form says fileType 44).
 */
export async function uploadCourseFile(
  { db, dataDir, jobs }: { db: Db; dataDir: string; jobs: JobQueue },
  up: Upload,
  user: AuthUser,
) {
  const fileType =
    up.ext === 'mp4'
      ? CourseFileType.VIDEO
      : up.ext === 'pdf' && up.fields.fileType !== String(CourseFileType.ATTACH)
        ? CourseFileType.PDF
        : CourseFileType.ATTACH;
  const pageCount = fileType === CourseFileType.PDF ? await pdfPageCount(up.data) : 0;
  const { storage } = await storageAndTranscoding(db, dataDir);
  const key = newStorageKey(up.ext);
  await storage.put(key, {
    body: up.data,
    size: up.data.length,
    contentType: TYPES[up.ext] ?? 'application/octet-stream',
  });
  const id = newId();
  const title = (up.fields.title?.trim() || up.filename.replace(/\.[^.]+$/, '')).slice(0, 200) || '未命名课件';
  const src = storedKey(storage.provider, key);
  const video = fileType === CourseFileType.VIDEO;
  await db.transaction(async (tx) => {
    await insertFile(tx, {
      id,
      title,
      fileType,
      catId: (up.fields.catId ?? '').slice(0, 64),
      fileSize: up.data.length,
      pageCount,
      state: video ? CourseFileState.TRANSCODING : CourseFileState.NORMAL,
      srcKey: src,
      mediaKind: video ? '' : fileType === CourseFileType.PDF ? 'pdf' : 'file',
      mediaKey: video ? '' : src,
      createBy: user.id,
    });
    if (video) await jobs.enqueue(tx, TRANSCODE_QUEUE, { fileId: id }, { maxAttempts: 3 });
  });
  return { id, fileType, state: video ? CourseFileState.TRANSCODING : CourseFileState.NORMAL, title };
}
