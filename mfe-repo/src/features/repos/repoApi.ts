import { RepoCalls } from '@exam/contracts';
import { mutationCall, queryCall } from '@exam/store';
import { repoApiBase } from '../../api';

/** Banks for admins: the selector's list, the edit dialog and the statistics. */
export const repoApi = repoApiBase.injectEndpoints({
  endpoints: (b) => ({
    repoPaging: queryCall(b, RepoCalls.paging, { providesTags: ['Repo'] }),
    repoDetail: queryCall(b, RepoCalls.detail, { providesTags: ['Repo'] }),
    repoSave: mutationCall(b, RepoCalls.save, { invalidatesTags: ['Repo'] }),
    repoStat: queryCall(b, RepoCalls.stat, { providesTags: ['Repo', 'Qu'] }),
  }),
});

export const { useRepoPagingQuery, useRepoDetailQuery, useRepoSaveMutation, useRepoStatQuery } = repoApi;
