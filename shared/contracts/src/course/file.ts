import Type from 'typebox';
import { defineCall } from '../call';
import { Id, IdsReq } from '../envelope';
import { PagingReq, PagingRes } from '../paging';
import { Ids } from './common';

const S = (max: number) => Type.String({ maxLength: max });
const FileTypeCode = Type.Union([Type.Literal(11), Type.Literal(22), Type.Literal(33), Type.Literal(44)]);

/** Courseware list row (CourseFileList): title, fileSize, duration, fileType + text, state (+ the failure reason). */
export const CourseFileRow = Type.Object({
  id: Type.String(),
  title: Type.String(),
  fileType: Type.Integer(),
  fileType_dictText: Type.String(),
  catId: Type.String(),
  catId_dictText: Type.String(),
  fileSize: Type.Integer(),
  duration: Type.Integer(),
  pageCount: Type.Integer(),
  state: Type.Integer(),
  state_dictText: Type.String(),
  stateMsg: Type.String(),
  createTime: Type.String(),
});
export type CourseFileRow = Type.Static<typeof CourseFileRow>;
export const CourseFilePagingParams = Type.Object({
  title: Type.Optional(S(100)),
  fileType: Type.Optional(Type.Integer({ minimum: 0, maximum: 99 })),
  state: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
  excludes: Type.Optional(Ids(5000)),
  catId: Type.Optional(S(64)),
});

/**
 * A courseware to play. 11 video plays `viewUrl` (`.m3u8` → HLS, otherwise mp4), 22 PDF reads `fileUrl`,
 * 33 live plays `viewUrl`, 44 downloads `fileUrl`. For learners the urls carry a short-lived play token.
 */
export const CourseFileDetail = Type.Object({
  ...CourseFileRow.properties,
  fileId: Type.String(),
  viewUrl: Type.String(),
  fileUrl: Type.String(),
  /** Admin only: the live stream name the pull URL is built from. */
  liveStream: Type.Optional(Type.String()),
});
export type CourseFileDetail = Type.Static<typeof CourseFileDetail>;
/** Learners name the course they study it in (rights are per course); admins may leave it out. */
export const CourseFileDetailReq = Type.Object({ id: Id, courseId: Type.Optional(Id) });

/** Edits a courseware's title/category, or creates a live one (fileType 33 with its stream name). */
export const CourseFileSaveReq = Type.Object({
  id: Type.Optional(Id),
  title: Type.String({ minLength: 1, maxLength: 200 }),
  catId: Type.Optional(S(64)),
  fileType: Type.Optional(FileTypeCode),
  liveStream: Type.Optional(Type.String({ maxLength: 200, pattern: '^[A-Za-z0-9_-]*$' })),
});
export type CourseFileSaveReq = Type.Static<typeof CourseFileSaveReq>;
/** Upload reply: the new courseware (a video starts in state 1 while it is transcoded). */
export const CourseFileUploadRes = Type.Object({
  id: Type.String(),
  fileType: Type.Integer(),
  state: Type.Integer(),
  title: Type.String(),
});

/** One watched stretch, in seconds of the media: [from, to]. */
export const WatchedInterval = Type.Tuple([
  Type.Number({ minimum: 0, maximum: 864_000 }),
  Type.Number({ minimum: 0, maximum: 864_000 }),
]);
/**
 * Progress report (save-process on pause/seek/switch/leave, heartbeat every ~10 s). `learnSec` is the
 * player position; `intervals` what was watched since the last report; PDFs send the page shown.
 */
export const SaveProcessReq = Type.Object({
  courseId: Id,
  fileId: Id,
  learnSec: Type.Number({ minimum: 0, maximum: 864_000 }),
  intervals: Type.Optional(Type.Array(WatchedInterval, { maxItems: 100 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
});
export type SaveProcessReq = Type.Static<typeof SaveProcessReq>;
/** The server's view of the learner's progress on one file, and whether this report finished something. */
export const FileProcess = Type.Object({
  fileId: Type.String(),
  /** Resume point: seconds for a video, page for a PDF. */
  learnSec: Type.Integer(),
  furthest: Type.Integer(),
  coveredSec: Type.Integer(),
  duration: Type.Integer(),
  pagesRead: Type.Integer(),
  pageCount: Type.Integer(),
  percent: Type.Integer(),
  finished: Type.Boolean(),
  /** True only on the report that finished the file / the whole course (show 恭喜… once). */
  fileFinishedNow: Type.Boolean(),
  courseFinishedNow: Type.Boolean(),
  courseFinished: Type.Boolean(),
  learnFile: Type.Integer(),
  totalFile: Type.Integer(),
  /** Why part of the report was not counted (too fast, past the end, past the furthest point); empty when all counted. */
  refused: Type.String(),
});
export type FileProcess = Type.Static<typeof FileProcess>;
export const LoadProcessReq = Type.Object({ courseId: Id, fileId: Id });
/** Admin correction: mark a learner's file (or every file of the course) finished, or reset it. */
export const FixProcessReq = Type.Object({
  courseId: Id,
  userId: Id,
  fileId: Type.Optional(Id),
  finished: Type.Boolean(),
});

export const CourseFileCalls = {
  paging: defineCall('/api/course/file/paging', PagingReq(CourseFilePagingParams), PagingRes(CourseFileRow)),
  detail: defineCall('/api/course/file/detail', CourseFileDetailReq, CourseFileDetail),
  save: defineCall('/api/course/file/save', CourseFileSaveReq, Type.Object({ id: Type.String() })),
  delete: defineCall('/api/course/file/delete', IdsReq, Type.Null()),
  /** Multipart: `file` (mp4, pdf or an attachment) plus `title`, `catId`. */
  upload: defineCall('/api/course/file/upload', Type.Object({}), CourseFileUploadRes),
  loadProcess: defineCall('/api/course/file/learn/load-process', LoadProcessReq, FileProcess),
  saveProcess: defineCall('/api/course/file/learn/save-process', SaveProcessReq, FileProcess),
  heartbeat: defineCall('/api/course/file/learn/heartbeat', SaveProcessReq, FileProcess),
  fixProcess: defineCall('/api/course/file/learn/fix-process', FixProcessReq, Type.Null()),
};

/** Media routes (GET, outside the JSON envelope): `{prefix}/{playToken}/{name}`; the key is `{prefix}/{playToken}/key`. */
export const COURSE_PLAY_PREFIX = '/api/course/play';
