import {
  COURSE_FILE_TYPE_TEXT,
  type CourseDetail,
  CourseFileType,
  type CourseViewFile,
  STUDY_FILE_TYPES,
} from '@exam/contracts';
import { type Db, type Tx, fmtTime } from '@exam/server-kit';
import { progressOf } from '../learn/learn-repository';
import { type CourseRecord, filesOf } from './course-repository';

/** Percent of a file a progress row stands for (videos by covered seconds, PDFs by pages read). */
export function percentOf(
  f: { fileType: number; duration: number; pageCount: number },
  p?: { coveredSec: number; pages: number[]; finished: boolean },
) {
  if (!p) return 0;
  if (p.finished) return 100;
  const whole = f.fileType === CourseFileType.PDF ? f.pageCount : f.duration;
  const part = f.fileType === CourseFileType.PDF ? p.pages.length : p.coveredSec;
  return whole > 0 ? Math.min(99, Math.floor((part * 100) / whole)) : 0;
}

/** The course's files as the course view lists them, with one learner's progress (none for admins). */
export async function viewFiles(db: Db | Tx, courseId: string, userId?: string): Promise<CourseViewFile[]> {
  const rows = await filesOf(db, courseId);
  const ids = rows.map((r) => r.f.id);
  const mine = userId && ids.length ? await progressOf(db, userId, ids) : [];
  const byFile = new Map(mine.map((p) => [p.fileId, p]));
  return rows.map(({ ref, f }) => {
    const p = byFile.get(f.id);
    return {
      fileId: f.id,
      title: f.title,
      chapter: ref.chapter,
      fileType: f.fileType,
      fileType_dictText: COURSE_FILE_TYPE_TEXT[f.fileType] ?? '',
      duration: f.duration,
      pageCount: f.pageCount,
      state: f.state,
      percent: percentOf(f, p),
      finished: !!p?.finished,
      learnSec: p?.position ?? 0,
    };
  });
}

/** The fields every reader of a course gets. */
export function courseFields(c: CourseRecord, cat: string, files: CourseViewFile[]): CourseDetail {
  return {
    id: c.id,
    title: c.title,
    cover: c.cover,
    content: c.content,
    contentText: c.contentText,
    catId: c.catId,
    catId_dictText: cat,
    price: c.salePrice,
    salePrice: c.salePrice,
    costPoints: c.costPoints,
    startTime: fmtTime(c.startTime),
    endTime: fmtTime(c.endTime),
    openType: c.openType,
    state: c.state,
    videoDrag: c.videoDrag,
    checkOn: c.checkOn,
    checkSec: c.checkSec,
    faceOn: c.faceOn,
    faceInterval: c.faceInterval,
    faceChance: c.faceChance,
    finishRate: c.finishRate,
    liveCount: files.filter((f) => f.fileType === CourseFileType.LIVE).length,
    fileList: files,
  };
}

export const studyFiles = <T extends { fileType: number }>(files: T[]) =>
  files.filter((f) => STUDY_FILE_TYPES.includes(f.fileType));
