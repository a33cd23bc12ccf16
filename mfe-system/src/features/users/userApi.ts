import { UserCalls } from '@exam/contracts';
import { mutationCall, queryCall } from '@exam/store';
import { systemApiBase } from '../../systemApi';

/** Users: the list and a user's bindings go through PagingTable (reloaded after these writes). */
export const userApi = systemApiBase.injectEndpoints({
  endpoints: (b) => ({
    userDetail: queryCall(b, UserCalls.detail, { providesTags: ['User'] }),
    userSave: mutationCall(b, UserCalls.save, { invalidatesTags: ['User'] }),
    userState: mutationCall(b, UserCalls.state, { invalidatesTags: ['User'] }),
    userBatchDept: mutationCall(b, UserCalls.batchDept, { invalidatesTags: ['User'] }),
    userBatchRole: mutationCall(b, UserCalls.batchRole, { invalidatesTags: ['User'] }),
    userBatchExpire: mutationCall(b, UserCalls.batchExpire, { invalidatesTags: ['User'] }),
    userResetPass: mutationCall(b, UserCalls.resetPass),
    userUnbindById: mutationCall(b, UserCalls.unbindById),
    userDirectBind: mutationCall(b, UserCalls.directBind),
    userDirectUnbind: mutationCall(b, UserCalls.directUnbind),
  }),
});

export const {
  useUserDetailQuery,
  useUserSaveMutation,
  useUserStateMutation,
  useUserBatchDeptMutation,
  useUserBatchRoleMutation,
  useUserBatchExpireMutation,
  useUserResetPassMutation,
  useUserUnbindByIdMutation,
  useUserDirectBindMutation,
  useUserDirectUnbindMutation,
} = userApi;
