import { ClientCourseCalls } from '@exam/contracts';
import { mutationCall, queryCall } from '@exam/store';
import { courseApiBase } from '../../api';

export const clientApi = courseApiBase.injectEndpoints({
  endpoints: (b) => ({
    openPaging: queryCall(b, ClientCourseCalls.openPaging, { providesTags: ['MyCourse'] }),
    minePaging: queryCall(b, ClientCourseCalls.minePaging, { providesTags: ['MyCourse'] }),
    joinCourse: mutationCall(b, ClientCourseCalls.join, { invalidatesTags: ['MyCourse'] }),
    buyCourse: mutationCall(b, ClientCourseCalls.buyInit, { invalidatesTags: ['MyCourse', 'Course'] }),
    refFileList: queryCall(b, ClientCourseCalls.refFileList),
  }),
});

export const {
  useOpenPagingQuery,
  useMinePagingQuery,
  useJoinCourseMutation,
  useBuyCourseMutation,
  useRefFileListQuery,
} = clientApi;
