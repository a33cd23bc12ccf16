import { bigint, boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { auditColumns, createTime, time, timestamps } from './common';

/** Courses (spec §3 course card and study settings; CourseList). */
export const elCourse = pgTable('el_course', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  catId: text('cat_id').notNull().default(''),
  cover: text('cover').notNull().default(''),
  /** Sanitized rich description, and its plain text for cards. */
  content: text('content').notNull().default(''),
  contentText: text('content_text').notNull().default(''),
  /** Money price (shown with ￥; paying money is refused) and points price. */
  salePrice: numeric('price', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
  costPoints: integer('cost_points').notNull().default(0),
  /** 0 正常, 1 禁用. */
  state: integer('state').notNull().default(0),
  /** 1 完全公开, 2 指定部门 (deptCodes, sub-departments included), 3 指定人员 (el_course_person), 9 需要密码. */
  openType: integer('open_type').notNull().default(1),
  deptCodes: jsonb('dept_codes').$type<string[]>().notNull().default([]),
  password: text('password').notNull().default(''),
  /** Study period; null = no bound. */
  startTime: time('start_time'),
  endTime: time('end_time'),
  /** Drag lock: no seeking past the furthest watched point. */
  videoDrag: boolean('video_drag').notNull().default(false),
  /** Study captcha check every checkSec minutes. */
  checkOn: boolean('check_on').notNull().default(false),
  checkSec: integer('check_sec').notNull().default(0),
  /** Face checks every faceInterval minutes, faceChance failures allowed (enforced by the face issue). */
  faceOn: boolean('face_on').notNull().default(false),
  faceInterval: integer('face_interval').notNull().default(0),
  faceChance: integer('face_chance').notNull().default(3),
  /** Percent of a video to cover before it counts as learned. */
  finishRate: integer('finish_rate').notNull().default(90),
  /** Final exams (结业考试), exam ids in order. */
  examIds: jsonb('exam_ids').$type<string[]>().notNull().default([]),
  ...auditColumns(),
});

/** People an open type 3 course is for. */
export const elCoursePerson = pgTable(
  'el_course_person',
  {
    courseId: text('course_id')
      .notNull()
      .references(() => elCourse.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.userId] }), index('el_course_person_user').on(t.userId)],
);

/** The courseware library (CourseFileList), reused by courses. */
export const elCourseFile = pgTable(
  'el_course_file',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    /** CourseFileType: 11 video, 22 PDF, 33 live, 44 attachment. */
    fileType: integer('file_type').notNull(),
    catId: text('cat_id').notNull().default(''),
    fileSize: bigint('file_size', { mode: 'number' }).notNull().default(0),
    /** Seconds (video), from ffprobe. */
    duration: integer('duration').notNull().default(0),
    /** Pages (PDF). */
    pageCount: integer('page_count').notNull().default(0),
    /** CourseFileState: 0 normal, 1 transcoding, 2 failed (stateMsg says why). */
    state: integer('state').notNull().default(0),
    stateMsg: text('state_msg').notNull().default(''),
    /** Storage key of the upload as received. */
    srcKey: text('src_key').notNull().default(''),
    /** What learners are served: 'mp4' | 'hls' | 'pdf' | 'file' | 'live', and its storage key (HLS: the playlist's). */
    mediaKind: text('media_kind').notNull().default(''),
    mediaKey: text('media_key').notNull().default(''),
    /** Live stream name (type 33); the pull URL is built from the live config. */
    liveStream: text('live_stream').notNull().default(''),
    ...auditColumns(),
  },
  (t) => [index('el_course_file_type').on(t.fileType, t.state)],
);

/** A course's files, in order, with an optional chapter title. */
export const elCourseRef = pgTable(
  'el_course_ref',
  {
    courseId: text('course_id')
      .notNull()
      .references(() => elCourse.id, { onDelete: 'cascade' }),
    fileId: text('file_id')
      .notNull()
      .references(() => elCourseFile.id, { onDelete: 'restrict' }),
    sort: integer('sort').notNull().default(0),
    chapter: text('chapter').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.fileId] }), index('el_course_ref_file').on(t.fileId)],
);

/** A learner in a course: joined (the star), paid, files learned, study time, finished. */
export const elCourseLearner = pgTable(
  'el_course_learner',
  {
    courseId: text('course_id')
      .notNull()
      .references(() => elCourse.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    hasJoin: boolean('has_join').notNull().default(false),
    learnFile: integer('learn_file').notNull().default(0),
    totalFile: integer('total_file').notNull().default(0),
    /** Seconds of study credited (wall-clock bounded). */
    learnSec: integer('learn_sec').notNull().default(0),
    finished: boolean('finished').notNull().default(false),
    finishTime: time('finish_time'),
    latestFileId: text('latest_file_id').notNull().default(''),
    latestTime: time('latest_time'),
    createTime: createTime(),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.userId] }),
    index('el_course_learner_user').on(t.userId),
    index('el_course_learner_finish').on(t.courseId, t.finishTime),
  ],
);

/** Study per learner, course and day (site time zone): the learning overview's learners, finishers and time. */
export const elCourseLearnDay = pgTable(
  'el_course_learn_day',
  {
    courseId: text('course_id')
      .notNull()
      .references(() => elCourse.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    day: date('day').notNull(),
    learnSec: integer('learn_sec').notNull().default(0),
    finished: boolean('finished').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.userId, t.day] }), index('el_course_learn_day_day').on(t.day)],
);

/** A learner's progress on one file (shared by the courses using it). */
export const elCourseProgress = pgTable(
  'el_course_progress',
  {
    userId: text('user_id').notNull(),
    fileId: text('file_id')
      .notNull()
      .references(() => elCourseFile.id, { onDelete: 'cascade' }),
    /** Covered seconds as merged, sorted [from, to] intervals. */
    covered: jsonb('covered').$type<[number, number][]>().notNull().default([]),
    coveredSec: integer('covered_sec').notNull().default(0),
    furthest: integer('furthest').notNull().default(0),
    /** Resume point (seconds, or page for a PDF). */
    position: integer('position').notNull().default(0),
    learnSec: integer('learn_sec').notNull().default(0),
    /** PDF: pages shown long enough, and the page on screen since when. */
    pages: jsonb('pages').$type<number[]>().notNull().default([]),
    page: integer('page').notNull().default(0),
    pageSince: time('page_since'),
    lastReport: time('last_report'),
    finished: boolean('finished').notNull().default(false),
    finishTime: time('finish_time'),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.fileId] }), index('el_course_progress_file').on(t.fileId)],
);

/** Course Q&A questions and their replies. */
export const elCourseQa = pgTable(
  'el_course_qa',
  {
    id: text('id').primaryKey(),
    courseId: text('course_id')
      .notNull()
      .references(() => elCourse.id, { onDelete: 'cascade' }),
    fileId: text('file_id').notNull().default(''),
    userId: text('user_id').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    replyCount: integer('reply_count').notNull().default(0),
    createTime: createTime(),
  },
  (t) => [index('el_course_qa_course').on(t.courseId, t.createTime)],
);
export const elCourseQaReply = pgTable(
  'el_course_qa_reply',
  {
    id: text('id').primaryKey(),
    qaId: text('qa_id')
      .notNull()
      .references(() => elCourseQa.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    content: text('content').notNull(),
    createTime: createTime(),
  },
  (t) => [index('el_course_qa_reply_qa').on(t.qaId, t.createTime)],
);

/** AES-128 keys of encrypted HLS output: only here, never in storage. */
export const elCourseHlsKey = pgTable('el_course_hls_key', {
  fileId: text('file_id')
    .primaryKey()
    .references(() => elCourseFile.id, { onDelete: 'cascade' }),
  keyHex: text('key_hex').notNull(),
  ivHex: text('iv_hex').notNull(),
  createTime: createTime(),
});
