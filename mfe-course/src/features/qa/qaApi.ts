import { QaCalls } from '@exam/contracts';
import { mutationCall, queryCall } from '@exam/store';
import { courseApiBase } from '../../api';

export const qaApi = courseApiBase.injectEndpoints({
  endpoints: (b) => ({
    qaClientPaging: queryCall(b, QaCalls.clientPaging, { providesTags: ['CourseQa'] }),
    qaClientDetail: queryCall(b, QaCalls.clientDetail, { providesTags: ['CourseQa'] }),
    qaSave: mutationCall(b, QaCalls.save, { invalidatesTags: ['CourseQa', 'MyCourse'] }),
    qaPaging: queryCall(b, QaCalls.paging, { providesTags: ['CourseQa'] }),
    qaDetail: queryCall(b, QaCalls.detail, { providesTags: ['CourseQa'] }),
    qaReply: mutationCall(b, QaCalls.reply, { invalidatesTags: ['CourseQa'] }),
    qaDelete: mutationCall(b, QaCalls.delete, { invalidatesTags: ['CourseQa', 'MyCourse'] }),
    qaReplyDelete: mutationCall(b, QaCalls.replyDelete, { invalidatesTags: ['CourseQa'] }),
  }),
});

export const {
  useQaClientPagingQuery,
  useQaClientDetailQuery,
  useQaSaveMutation,
  useQaPagingQuery,
  useQaDetailQuery,
  useQaReplyMutation,
  useQaDeleteMutation,
  useQaReplyDeleteMutation,
} = qaApi;
