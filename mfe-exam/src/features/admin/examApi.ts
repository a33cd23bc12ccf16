import { ExamCalls, RepoCalls } from '@exam/contracts';
import { api, mutationCall, queryCall } from '@exam/store';

/** Exams for admins: the edit dialog, state switch, paper preview, and the exam and bank lists the filters pick from. */
export const examApi = api.enhanceEndpoints({ addTagTypes: ['Exam', 'ExamRepo'] }).injectEndpoints({
  endpoints: (b) => ({
    examPaging: queryCall(b, ExamCalls.paging, { providesTags: ['Exam'] }),
    examDetail: queryCall(b, ExamCalls.detail, { providesTags: ['Exam'] }),
    examSave: mutationCall(b, ExamCalls.save, { invalidatesTags: ['Exam'] }),
    examState: mutationCall(b, ExamCalls.state, { invalidatesTags: ['Exam'] }),
    examPreview: queryCall(b, ExamCalls.preview),
    examRepoPaging: queryCall(b, RepoCalls.paging, { providesTags: ['ExamRepo'] }),
  }),
});

export const {
  useExamPagingQuery,
  useExamDetailQuery,
  useLazyExamDetailQuery,
  useExamSaveMutation,
  useExamStateMutation,
  useExamPreviewQuery,
  useExamRepoPagingQuery,
} = examApi;
