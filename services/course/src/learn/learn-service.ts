import {
  CERT_EVENT_QUEUES,
  CourseFileState,
  CourseFileType,
  type FileProcess,
  type SaveProcessReq,
  STUDY_FILE_TYPES,
} from '@exam/contracts';
import { type AuthUser, type Bus, type Db, type Tx, badRequest, jobQueue, notFound } from '@exam/server-kit';
import { courseById, fileInCourse, filesOf, studyCourse } from '../course/course-repository';
import { percentOf } from '../course/course-view';
import { checkStudyFace } from '../face/face-gate';
import { type FileRecord, filesByIds } from '../file/file-repository';
import { publishRead } from '../read/read-bus';
import {
  addLearner,
  creditStudy,
  finishedCount,
  lockLearner,
  lockProgress,
  openProgress,
  type Progress,
  setProgress,
  setStanding,
  updateProgress,
} from './learn-repository';
import { applyPdf, applyVideo, type Interval } from './progress';

/** Files learned of the course's study files, for one learner, and whether that is all of them. */
async function courseStanding(tx: Db | Tx, courseId: string, userId: string) {
  const files = (await filesOf(tx, courseId)).filter((r) => STUDY_FILE_TYPES.includes(r.f.fileType));
  const ids = files.map((r) => r.f.id);
  const done = ids.length ? await finishedCount(tx, userId, ids) : 0;
  return { learnFile: done, totalFile: ids.length, finished: ids.length > 0 && done >= ids.length };
}

function reply(
  f: FileRecord,
  p: Progress | undefined,
  standing: { learnFile: number; totalFile: number; finished: boolean },
  extra: Partial<FileProcess> = {},
): FileProcess {
  return {
    fileId: f.id,
    learnSec: p?.position ?? 0,
    furthest: p?.furthest ?? 0,
    coveredSec: p?.coveredSec ?? 0,
    duration: f.duration,
    pagesRead: p?.pages.length ?? 0,
    pageCount: f.pageCount,
    percent: percentOf(f, p),
    finished: !!p?.finished,
    fileFinishedNow: false,
    courseFinishedNow: false,
    courseFinished: standing.finished,
    learnFile: standing.learnFile,
    totalFile: standing.totalFile,
    refused: '',
    ...extra,
  };
}

/** Study progress the server can trust (save-process, heartbeat, load-process, the admin's fix-process). */
export function learnService({ db, bus }: { db: Db; bus: Bus }) {
  const jobs = jobQueue(db);
  /**
   * Tells the certificate service the learner finished the course, in the transaction that records it; only on the
   * move to finished (its one grant per rule and learner absorbs a finish after an admin's reset).
   */
  const courseFinished = (tx: Tx, courseId: string, userId: string) =>
    jobs.enqueue(tx, CERT_EVENT_QUEUES.COURSE_FINISHED, { userId, sourceId: courseId });

  async function studyFile(u: AuthUser, courseId: string, fileId: string) {
    const s = await studyCourse(db, u, courseId);
    const f = await fileInCourse(db, courseId, fileId);
    if (!STUDY_FILE_TYPES.includes(f.fileType)) throw badRequest('该课件无需记录学习进度！');
    if (f.state !== CourseFileState.NORMAL) throw badRequest('课件转码中，暂不能学习！');
    return { course: s.course, file: f };
  }

  return {
    /** The resume point; also starts the wall clock the next report is measured against. */
    async loadProcess(u: AuthUser, courseId: string, fileId: string): Promise<FileProcess> {
      const { file } = await studyFile(u, courseId, fileId);
      const p = await openProgress(db, u.id, fileId, new Date());
      await addLearner(db, courseId, u.id);
      return reply(file, p, await courseStanding(db, courseId, u.id));
    },

    async saveProcess(u: AuthUser, b: SaveProcessReq): Promise<FileProcess> {
      const { course, file } = await studyFile(u, b.courseId, b.fileId);
      await checkStudyFace(db, course, u.id);
      const result = await db.transaction(async (tx) => {
        const p = await lockProgress(tx, u.id, file.id);
        const now = new Date();
        let set: Partial<Progress>;
        let gained = 0;
        let clock = now;
        let refused: string[] = [];
        if (file.fileType === CourseFileType.PDF) {
          const v = applyPdf(p, b.page ?? p.page, file.pageCount, now);
          set = {
            pages: v.pages,
            page: v.page,
            pageSince: v.pageSince,
            position: v.page,
            finished: p.finished || v.finished,
          };
          gained = v.gained;
          refused = v.refused;
        } else {
          const v = applyVideo(
            p,
            { learnSec: b.learnSec, intervals: (b.intervals ?? []) as Interval[] },
            {
              duration: file.duration,
              videoDrag: course.videoDrag,
              finishRate: course.finishRate,
              now,
            },
          );
          set = {
            covered: v.covered,
            coveredSec: v.coveredSec,
            furthest: v.furthest,
            position: v.position,
            finished: p.finished || v.finished,
          };
          gained = v.gained;
          clock = v.clock;
          refused = v.refused;
        }
        const fileFinishedNow = !p.finished && !!set.finished;
        const next = await updateProgress(tx, u.id, file.id, {
          ...set,
          learnSec: p.learnSec + Math.round(gained),
          lastReport: clock,
          updateTime: now,
          ...(fileFinishedNow ? { finishTime: now } : {}),
        });

        const l = await lockLearner(tx, course.id, u.id);
        const standing = await courseStanding(tx, course.id, u.id);
        const courseFinishedNow = !l.finished && standing.finished;
        await creditStudy(tx, course.id, u.id, {
          ...standing,
          gainedSec: Math.round(gained),
          fileId: file.id,
          now,
          finishedNow: courseFinishedNow,
        });
        if (courseFinishedNow) await courseFinished(tx, course.id, u.id);
        return reply(
          file,
          next,
          { ...standing, finished: l.finished || standing.finished },
          { fileFinishedNow, courseFinishedNow, refused: refused.join('；') },
        );
      });
      if (result.fileFinishedNow || result.courseFinishedNow) {
        await publishRead(
          bus,
          { userId: u.id, courseId: course.id, fileId: file.id },
          { stopped: false, stopMsg: '', all: result.courseFinishedNow, current: result.fileFinishedNow },
        );
      }
      return result;
    },

    /** The admin's correction: mark one file (or every study file of the course) finished, or reset it. */
    async fixProcess(courseId: string, userId: string, fileId: string | undefined, finished: boolean) {
      await courseById(db, courseId);
      const ids = fileId
        ? [(await fileInCourse(db, courseId, fileId)).id]
        : (await filesOf(db, courseId)).filter((r) => STUDY_FILE_TYPES.includes(r.f.fileType)).map((r) => r.f.id);
      if (!ids.length) throw notFound('课件不存在或已删除！');
      const files = await filesByIds(db, ids);
      const now = new Date();
      await db.transaction(async (tx) => {
        const before = await lockLearner(tx, courseId, userId);
        for (const f of files) {
          const set = finished
            ? {
                finished: true,
                finishTime: now,
                coveredSec: f.duration,
                covered: f.duration ? ([[0, f.duration]] as Interval[]) : [],
                furthest: f.duration,
                pages: Array.from({ length: f.pageCount }, (_, i) => i + 1),
              }
            : {
                finished: false,
                finishTime: null,
                coveredSec: 0,
                covered: [] as Interval[],
                furthest: 0,
                pages: [] as number[],
                position: 0,
                page: 0,
              };
          await setProgress(tx, userId, f.id, set, now);
        }
        const standing = await courseStanding(tx, courseId, userId);
        await setStanding(tx, courseId, userId, standing, now);
        if (!before.finished && standing.finished) await courseFinished(tx, courseId, userId);
      });
    },
  };
}
