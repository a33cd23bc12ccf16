import Type from 'typebox';

/** Course file types (spec §3: 11 video uses viewUrl, 22 PDF uses fileUrl; live and reference attachments). */
export const CourseFileType = { VIDEO: 11, PDF: 22, LIVE: 33, ATTACH: 44 } as const;
export const COURSE_FILE_TYPE_TEXT: Record<number, string> = { 11: '视频', 22: 'PDF', 33: '直播', 44: '附件' };
/** Types a learner studies (progress and completion); live and attachments are not counted. */
export const STUDY_FILE_TYPES: readonly number[] = [CourseFileType.VIDEO, CourseFileType.PDF];

/** Courseware state (spec §3): 0 normal, 1 transcoding, 2 transcode failed. */
export const CourseFileState = { NORMAL: 0, TRANSCODING: 1, FAILED: 2 } as const;
export const COURSE_FILE_STATE_TEXT: Record<number, string> = { 0: '正常', 1: '转码中', 2: '转码失败' };

/** Course state: 0 正常, 1 禁用. */
export const CourseState = { NORMAL: 0, DISABLED: 1 } as const;
/** Open type (same codes as exams): 1 完全公开, 2 指定部门, 3 指定人员, 9 需要密码. */
export const CourseOpenType = { PUBLIC: 1, DEPART: 2, PERSON: 3, PASSWORD: 9 } as const;
export const CourseOpenTypeCode = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(9)]);

/** A course as every list of courses shows it: name, cover, catalogue, price and points. */
export const courseHeadFields = {
  id: Type.String(),
  title: Type.String(),
  cover: Type.String(),
  catId: Type.String(),
  catId_dictText: Type.String(),
  /** `price` is `salePrice` under the card's name (spec §3). */
  price: Type.Number(),
  salePrice: Type.Number(),
  costPoints: Type.Integer(),
};
/** When a course is open ('' both: always), and to whom. */
export const courseOpenFields = {
  startTime: Type.String(),
  endTime: Type.String(),
  openType: Type.Integer(),
};

/** My-courses tabs (spec §2): all (0), not started (1), learning (2), finished (3). */
export const MineCourseState = { ALL: 0, NOT_STARTED: 1, LEARNING: 2, FINISHED: 3 } as const;

/** Storage transcoding settings (spec admin §5: storage config `data`). */
export const ENCODE_TYPES = ['none', 'ffmpeg'] as const;
export const VIDEO_ENCODES = ['mp4', 'm3u8', 'm3u8_encode'] as const;
export type VideoEncode = (typeof VIDEO_ENCODES)[number];
/** Output sizes; `original` keeps the source size. */
export const VIDEO_QUALITIES: Record<string, { width: number; height: number } | null> = {
  original: null,
  '480p': { width: 854, height: 480 },
  '720p': { width: 1280, height: 720 },
  '1080p': { width: 1920, height: 1080 },
  '2k': { width: 2048, height: 1152 },
};

/** Study rules the server applies (DESIGN §3 "Courses"); the course can lower or raise the finish rate. */
export const STUDY_RULES = {
  /** Percent of a video's seconds that must be covered to finish it. */
  defaultFinishRate: 90,
  /** Seconds of slack allowed over the wall clock between two reports. */
  clockToleranceSec: 3,
  /** With drag lock: how far past the furthest watched point a report may start. */
  dragSlackSec: 2,
  /** A PDF page counts as read after being shown this long. */
  pdfMinDwellSec: 3,
} as const;

export const COURSE_MSG = {
  FILE_DONE: '恭喜，您已学完本课件！',
  COURSE_DONE: '恭喜，您已经学完全部课程啦！',
} as const;

export const Time = Type.String({ maxLength: 19 });
export const Ids = (max: number) => Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: max });
