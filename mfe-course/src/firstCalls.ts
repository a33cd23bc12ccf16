import { ClientCourseCalls, CourseCalls, CourseFileCalls } from '@exam/contracts';
import type { FirstCalls } from '@exam/shell';
import { firstPageBody } from '@exam/ui';

/** 课程中心 as ClientCourse first shows it: 12 cards, 4 a row (spec §9). */
export const OPEN_COURSES_PER_PAGE = 12;

/** The calls this remote's views make as they first draw: a shell's early start sends them while the view loads. */
export const firstCalls: FirstCalls = {
  // The open courses' first page, with no filter.
  ClientCourse: () => [{ url: ClientCourseCalls.openPaging.url, body: firstPageBody({}, OPEN_COURSES_PER_PAGE) }],
  CourseView: ({ courseId }) => (courseId ? [{ url: CourseCalls.detail.url, body: { id: courseId } }] : []),
  // The course beside the file, and the file, which the view asks for only once the course has come.
  CourseViewWithFile: ({ courseId, fileId }) =>
    courseId && fileId
      ? [
          { url: CourseCalls.detail.url, body: { id: courseId } },
          { url: CourseFileCalls.detail.url, body: { id: fileId, courseId } },
        ]
      : [],
};
