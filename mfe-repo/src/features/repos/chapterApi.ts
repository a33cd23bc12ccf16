import { RepoCalls } from '@exam/contracts';
import { mutationCall, queryCall } from '@exam/store';
import { repoApiBase } from '../../api';

export const chapterApi = repoApiBase.injectEndpoints({
  endpoints: (b) => ({
    chapterGroup: queryCall(b, RepoCalls.chapterGroup, { providesTags: ['RepoChapter'] }),
    chapterList: queryCall(b, RepoCalls.chapterList, { providesTags: ['RepoChapter'] }),
    chapterSave: mutationCall(b, RepoCalls.chapterSave, { invalidatesTags: ['RepoChapter'] }),
    chapterSort: mutationCall(b, RepoCalls.chapterSort, { invalidatesTags: ['RepoChapter'] }),
    chapterDelete: mutationCall(b, RepoCalls.chapterDelete, { invalidatesTags: ['RepoChapter'] }),
  }),
});

export const {
  useChapterGroupQuery,
  useChapterListQuery,
  useChapterSaveMutation,
  useChapterSortMutation,
  useChapterDeleteMutation,
} = chapterApi;
