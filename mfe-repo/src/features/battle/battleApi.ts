import { BattleCalls, BattleClientCalls } from '@exam/contracts';
import { mutationCall, queryCall } from '@exam/store';
import { repoApiBase } from '../../api';

/** Battles: the admin's form and switches, and the learner's leaderboard (with their own row). */
export const battleApi = repoApiBase.enhanceEndpoints({ addTagTypes: ['Battle'] }).injectEndpoints({
  endpoints: (b) => ({
    battleDetail: queryCall(b, BattleCalls.detail, { providesTags: ['Battle'] }),
    battleSave: mutationCall(b, BattleCalls.save, { invalidatesTags: ['Battle'] }),
    battleState: mutationCall(b, BattleCalls.state, { invalidatesTags: ['Battle'] }),
    battleRank: queryCall(b, BattleClientCalls.rank, { providesTags: ['Battle'] }),
  }),
});

export const { useBattleDetailQuery, useBattleSaveMutation, useBattleStateMutation, useBattleRankQuery } = battleApi;
