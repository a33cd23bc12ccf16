import { DicCalls } from '@exam/contracts';
import { mutationCall, queryCall } from '@exam/store';
import { systemApiBase } from '../../systemApi';

/** Dictionaries: the list goes through PagingTable; the value tree refreshes through its tag. */
export const dicApi = systemApiBase.injectEndpoints({
  endpoints: (b) => ({
    dicSave: mutationCall(b, DicCalls.save),
    dicValueTree: queryCall(b, DicCalls.valueTree, { providesTags: ['DicValue'] }),
    dicValueSave: mutationCall(b, DicCalls.valueSave, { invalidatesTags: ['DicValue'] }),
    dicValueRemove: mutationCall(b, DicCalls.valueRemove, { invalidatesTags: ['DicValue'] }),
  }),
});

export const { useDicSaveMutation, useDicValueTreeQuery, useDicValueSaveMutation, useDicValueRemoveMutation } = dicApi;
