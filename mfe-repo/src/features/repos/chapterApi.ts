import { RepoCalls } from '@exam/contracts';
import { queryCall } from '@exam/store';
import { repoApiBase } from '../../api';

export const chapterApi = repoApiBase.injectEndpoints({
  endpoints: (b) => ({
    chapterGroup: queryCall(b, RepoCalls.chapterGroup, { providesTags: ['RepoChapter'] }),
  }),
});

export const { useChapterGroupQuery } = chapterApi;
