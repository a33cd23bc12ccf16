import { CourseFileCalls } from '@exam/contracts';
import { mutationCall, queryCall } from '@exam/store';
import { courseApiBase } from '../../api';

export const fileApi = courseApiBase.injectEndpoints({
  endpoints: (b) => ({
    filePaging: queryCall(b, CourseFileCalls.paging, { providesTags: ['CourseFile'] }),
    fileDetail: queryCall(b, CourseFileCalls.detail, { providesTags: ['CourseFile'] }),
    fileSave: mutationCall(b, CourseFileCalls.save, { invalidatesTags: ['CourseFile'] }),
    fileDelete: mutationCall(b, CourseFileCalls.delete, { invalidatesTags: ['CourseFile'] }),
  }),
});

export const { useFilePagingQuery, useFileDetailQuery, useFileSaveMutation, useFileDeleteMutation } = fileApi;
