import { CourseCalls, CourseFileCalls } from '@exam/contracts';
import { mutationCall, queryCall } from '@exam/store';
import { courseApiBase } from '../../api';

export const courseApi = courseApiBase.injectEndpoints({
  endpoints: (b) => ({
    coursePaging: queryCall(b, CourseCalls.paging, { providesTags: ['Course'] }),
    courseDetail: queryCall(b, CourseCalls.detail, { providesTags: ['Course'] }),
    courseSave: mutationCall(b, CourseCalls.save, { invalidatesTags: ['Course', 'MyCourse'] }),
    courseDelete: mutationCall(b, CourseCalls.delete, { invalidatesTags: ['Course', 'MyCourse'] }),
    courseState: mutationCall(b, CourseCalls.state, { invalidatesTags: ['Course', 'MyCourse'] }),
    learnPaging: queryCall(b, CourseCalls.learnPaging, { providesTags: ['CourseLearn'] }),
    fixProcess: mutationCall(b, CourseFileCalls.fixProcess, { invalidatesTags: ['CourseLearn', 'Course'] }),
  }),
});

export const {
  useCoursePagingQuery,
  useCourseDetailQuery,
  useCourseSaveMutation,
  useCourseDeleteMutation,
  useCourseStateMutation,
  useLearnPagingQuery,
  useFixProcessMutation,
} = courseApi;
