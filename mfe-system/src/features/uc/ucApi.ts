import { AccountCalls, UcCalls } from '@exam/contracts';
import { mutationCall, queryCall } from '@exam/store';
import { systemApiBase } from '../../systemApi';

/**
 * The user centre. Its pages read afresh when they open; binding writes refresh the bindings through
 * 'UcBind'; the session's own data (name, avatar, unread count) is refreshed by the store's thunks.
 */
export const ucApi = systemApiBase.injectEndpoints({
  endpoints: (b) => ({
    ucProfile: queryCall(b, AccountCalls.profile),
    ucUpdate: mutationCall(b, AccountCalls.update),
    ucInit: mutationCall(b, AccountCalls.init),
    ucUpdatePass: mutationCall(b, AccountCalls.updatePass),
    ucRealInfo: queryCall(b, UcCalls.realInfo),
    ucRealSubmit: mutationCall(b, UcCalls.realSubmit),
    ucBindInfo: queryCall(b, UcCalls.bindInfo, { providesTags: ['UcBind'] }),
    ucBindList: queryCall(b, UcCalls.bindList, { providesTags: ['UcBind'] }),
    ucBindMobile: mutationCall(b, UcCalls.bindMobile, { invalidatesTags: ['UcBind'] }),
    ucUnbindMobile: mutationCall(b, UcCalls.unbindMobile, { invalidatesTags: ['UcBind'] }),
    ucUnbind: mutationCall(b, UcCalls.unbind, { invalidatesTags: ['UcBind'] }),
    ucMsgDetail: queryCall(b, UcCalls.msgDetail),
    ucMarkRead: mutationCall(b, UcCalls.markRead),
  }),
});

export const {
  useUcProfileQuery,
  useUcUpdateMutation,
  useUcInitMutation,
  useUcUpdatePassMutation,
  useUcRealInfoQuery,
  useUcRealSubmitMutation,
  useUcBindInfoQuery,
  useUcBindListQuery,
  useUcBindMobileMutation,
  useUcUnbindMobileMutation,
  useUcUnbindMutation,
  useLazyUcMsgDetailQuery,
  useUcMarkReadMutation,
} = ucApi;
