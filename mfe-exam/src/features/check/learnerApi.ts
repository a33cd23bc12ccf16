import { ApplyCalls, ClientExamCalls, ExamCalls, PaperCalls } from '@exam/contracts';
import { api, mutationCall, queryCall } from '@exam/store';

/**
 * The learner's exam pages around the exam screen: the check page, applications, joining and the result.
 * Silent ones show their errors on the page itself.
 */
export const learnerApi = api.enhanceEndpoints({ addTagTypes: ['ExamApplyMine', 'PaperResult'] }).injectEndpoints({
  endpoints: (b) => ({
    checkExamDetail: queryCall(b, ExamCalls.detail, { silent: true }),
    createPaper: mutationCall(b, PaperCalls.createPaper, { invalidatesTags: ['ExamApplyMine'], silent: true }),
    approvedApplies: queryCall(b, ApplyCalls.paging, { providesTags: ['ExamApplyMine'], silent: true }),
    applySave: mutationCall(b, ApplyCalls.save, { invalidatesTags: ['ExamApplyMine'] }),
    examJoin: mutationCall(b, ClientExamCalls.join),
    examBuy: mutationCall(b, ClientExamCalls.buy),
    paperResult: queryCall(b, PaperCalls.paperResult, { providesTags: ['PaperResult'], silent: true }),
    // The learner's latest paper of an exam: an open one is continued, not started again.
    latestPaper: queryCall(b, PaperCalls.paging, { silent: true }),
  }),
});

export const {
  useCheckExamDetailQuery,
  useCreatePaperMutation,
  useApprovedAppliesQuery,
  useApplySaveMutation,
  useExamJoinMutation,
  useExamBuyMutation,
  usePaperResultQuery,
  useLatestPaperQuery,
} = learnerApi;
