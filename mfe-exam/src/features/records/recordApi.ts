import { RecordCalls } from '@exam/contracts';
import { api, queryCall } from '@exam/store';

/** Exam records endpoints on the shared RTK Query api (the list itself goes through PagingTable). */
export const recordApi = api.enhanceEndpoints({ addTagTypes: ['ExamRecord'] }).injectEndpoints({
  endpoints: (b) => ({
    scoreDist: queryCall(b, RecordCalls.scoreDist, { providesTags: ['ExamRecord'] }),
  }),
});

export const { useScoreDistQuery } = recordApi;
