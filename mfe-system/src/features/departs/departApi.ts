import { DepartCalls } from '@exam/contracts';
import { mutationCall, queryCall } from '@exam/store';
import { systemApiBase } from '../../systemApi';

export const departApi = systemApiBase.injectEndpoints({
  endpoints: (b) => ({
    departTree: queryCall(b, DepartCalls.tree, { providesTags: ['Depart'] }),
    departSave: mutationCall(b, DepartCalls.save, { invalidatesTags: ['Depart'] }),
    departRemove: mutationCall(b, DepartCalls.remove, { invalidatesTags: ['Depart'] }),
    departSort: mutationCall(b, DepartCalls.sort, { invalidatesTags: ['Depart'] }),
  }),
});

export const { useDepartTreeQuery, useDepartSaveMutation, useDepartRemoveMutation, useDepartSortMutation } = departApi;
