import { BookCalls, QuCalls } from '@exam/contracts';
import { mutationCall, queryCall } from '@exam/store';
import { repoApiBase } from '../../api';

/** The learner's wrong-question book and the mark bar (favourite, note, error report). */
export const bookApi = repoApiBase.injectEndpoints({
  endpoints: (b) => ({
    bookDetail: queryCall(b, BookCalls.detail, { providesTags: ['QuMark'] }),
    bookDelete: mutationCall(b, BookCalls.delete, { invalidatesTags: ['QuMark', 'Train'] }),
    findMark: queryCall(b, BookCalls.findMark, { providesTags: ['QuMark'] }),
    markFav: mutationCall(b, BookCalls.markFav, { invalidatesTags: ['QuMark'] }),
    writeNote: mutationCall(b, BookCalls.writeNote, { invalidatesTags: ['QuMark'] }),
    reportSave: mutationCall(b, QuCalls.reportSave),
  }),
});

export const {
  useBookDetailQuery,
  useBookDeleteMutation,
  useFindMarkQuery,
  useMarkFavMutation,
  useWriteNoteMutation,
  useReportSaveMutation,
} = bookApi;
