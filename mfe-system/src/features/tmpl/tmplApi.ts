import { TmplCalls } from '@exam/contracts';
import { mutationCall, queryCall } from '@exam/store';
import { systemApiBase } from '../../systemApi';

export const tmplApi = systemApiBase.injectEndpoints({
  endpoints: (b) => ({
    tmplDetail: queryCall(b, TmplCalls.detail, { providesTags: ['Tmpl'] }),
    tmplSave: mutationCall(b, TmplCalls.save, { invalidatesTags: ['Tmpl'] }),
  }),
});

export const { useTmplDetailQuery, useTmplSaveMutation } = tmplApi;
