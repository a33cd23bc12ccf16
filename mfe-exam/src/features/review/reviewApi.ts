import { ApplyCalls, ReviewCalls } from '@exam/contracts';
import { api, mutationCall, queryCall } from '@exam/store';

/** Reviewing papers and auditing applications (their lists go through PagingTable). */
export const reviewApi = api.enhanceEndpoints({ addTagTypes: ['ExamReview', 'ExamRecord'] }).injectEndpoints({
  endpoints: (b) => ({
    reviewPaperDetail: queryCall(b, ReviewCalls.paperDetail, { providesTags: ['ExamReview'] }),
    // A score is kept where it was typed; the paper is not read again for each one.
    reviewScore: mutationCall(b, ReviewCalls.score),
    reviewFinish: mutationCall(b, ReviewCalls.finish, { invalidatesTags: ['ExamReview', 'ExamRecord'] }),
    applyAudit: mutationCall(b, ApplyCalls.audit),
  }),
});

export const { useReviewPaperDetailQuery, useReviewScoreMutation, useReviewFinishMutation, useApplyAuditMutation } =
  reviewApi;
