import { index, integer, pgTable, primaryKey, real, text } from 'drizzle-orm/pg-core';
import { createTime, time, updateTime } from './common';

/**
 * Face captures kept as evidence (exam entry checks, periodic exam captures, study checks). The image
 * lives in storage under imageKey (emptied when the retention period removes it); the verdict is set
 * by the comparison job: state 0 waiting, 1 pass, 2 fail. refId is the exam or course, subId the paper
 * (exam captures) or the courseware file (study). An entry check's pass is spent by create-paper (usedTime).
 */
export const faceCapture = pgTable(
  'face_capture',
  {
    id: text('id').primaryKey(),
    /** exam_entry | exam | study */
    kind: text('kind').notNull(),
    userId: text('user_id').notNull(),
    refId: text('ref_id').notNull(),
    subId: text('sub_id').notNull().default(''),
    /** The storage provider the image was written to and its key there. */
    storage: text('storage').notNull().default(''),
    imageKey: text('image_key').notNull().default(''),
    state: integer('state').notNull().default(0),
    score: real('score'),
    failMsg: text('fail_msg').notNull().default(''),
    checkTime: time('check_time'),
    usedTime: time('used_time'),
    createTime: createTime(),
  },
  (t) => [
    index('face_capture_ref').on(t.kind, t.refId, t.userId, t.createTime),
    index('face_capture_sub').on(t.subId),
    index('face_capture_time').on(t.createTime),
  ],
);

/** Study face checks per learner and course: consecutive failures (a pass resets them) and the last pass. */
export const elCourseFace = pgTable(
  'el_course_face',
  {
    courseId: text('course_id').notNull(),
    userId: text('user_id').notNull(),
    failCount: integer('fail_count').notNull().default(0),
    passCount: integer('pass_count').notNull().default(0),
    totalFails: integer('total_fails').notNull().default(0),
    lastPass: time('last_pass'),
    updateTime: updateTime(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.userId] })],
);
