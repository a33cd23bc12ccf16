import { GroupCalls } from '@exam/contracts';
import { mutationCall } from '@exam/store';
import { systemApiBase } from '../../systemApi';

/** User groups: lists go through PagingTable (reloaded after these writes). */
export const groupApi = systemApiBase.injectEndpoints({
  endpoints: (b) => ({
    groupSave: mutationCall(b, GroupCalls.save, { invalidatesTags: ['Group'] }),
    groupBatchJoin: mutationCall(b, GroupCalls.batchJoin, { invalidatesTags: ['Group'] }),
  }),
});

export const { useGroupSaveMutation, useGroupBatchJoinMutation } = groupApi;
