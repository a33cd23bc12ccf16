import { QuCalls } from '@exam/contracts';
import { mutationCall, queryCall } from '@exam/store';
import { repoApiBase } from '../../api';

/** Questions for admins: the editor and the learners' error reports. */
export const quApi = repoApiBase.injectEndpoints({
  endpoints: (b) => ({
    quDetail: queryCall(b, QuCalls.detail, { providesTags: ['Qu'] }),
    quSave: mutationCall(b, QuCalls.save, { invalidatesTags: ['Qu', 'Repo', 'RepoChapter'] }),
    reportHandle: mutationCall(b, QuCalls.reportHandle),
  }),
});

export const { useQuDetailQuery, useQuSaveMutation, useReportHandleMutation } = quApi;
