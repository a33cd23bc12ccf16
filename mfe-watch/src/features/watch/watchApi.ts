import { ApplyCalls, Calls, ReminderCalls, StatCalls, WatchCalls } from '@exam/contracts';
import { mutationCall, queryCall } from '@exam/store';
import { watchApiBase } from '../../api';

export const watchApi = watchApiBase.injectEndpoints({
  endpoints: (b) => ({
    watchStat: queryCall(b, WatchCalls.stat, { providesTags: ['Watch'], silent: true }),
    processPaging: queryCall(b, WatchCalls.process, { providesTags: ['Watch'], silent: true }),
    singleMsg: mutationCall(b, ReminderCalls.single),
    batchMsg: mutationCall(b, ReminderCalls.batch),
    forceHand: mutationCall(b, WatchCalls.forceHand, { invalidatesTags: ['Watch'] }),
    forceHandAll: mutationCall(b, WatchCalls.forceHandAll, { invalidatesTags: ['Watch'] }),
    userWeek: queryCall(b, StatCalls.userWeek),
    examWeek: queryCall(b, StatCalls.examWeek),
    learnWeek: queryCall(b, StatCalls.learnWeek),
    dashTotals: queryCall(b, Calls.dashTotals),
    sysVersion: queryCall(b, StatCalls.version, { silent: true }),
    watchApplyAudit: mutationCall(b, ApplyCalls.audit),
  }),
});

export const {
  useWatchStatQuery,
  useProcessPagingQuery,
  useSingleMsgMutation,
  useBatchMsgMutation,
  useForceHandMutation,
  useForceHandAllMutation,
  useUserWeekQuery,
  useExamWeekQuery,
  useLearnWeekQuery,
  useDashTotalsQuery,
  useSysVersionQuery,
  useWatchApplyAuditMutation,
} = watchApi;
