import type { BodyOf, CourseFileCalls, CourseLearnRow } from '@exam/contracts';

/** What the admin's correction of one learner does: finish every file of the course, or reset them all. */
export function learnFix(
  courseId: string,
  row: Pick<CourseLearnRow, 'userId' | 'realName' | 'finished'>,
  finished: boolean,
) {
  const body: BodyOf<typeof CourseFileCalls.fixProcess> = { courseId, userId: row.userId, finished };
  return finished
    ? {
        body,
        label: '设为完成',
        confirm: `确认将【${row.realName}】的全部课件标记为已学完吗？`,
        done: '已标记为学完！',
      }
    : {
        body,
        label: '重置进度',
        confirm: `确认清空【${row.realName}】在本课程的学习进度吗？此操作不可恢复！`,
        done: '学习进度已重置！',
      };
}
