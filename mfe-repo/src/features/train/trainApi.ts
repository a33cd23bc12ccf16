import { TrainCalls } from '@exam/contracts';
import { mutationCall, queryCall } from '@exam/store';
import { repoApiBase } from '../../api';

/**
 * Training. 'Train' is what the bank view and the records show; 'TrainRun' is one training's card and
 * questions, dropped whenever a training starts (a restarted one keeps its id but not its answers).
 */
export const trainApi = repoApiBase.injectEndpoints({
  endpoints: (b) => ({
    detailForTrain: queryCall(b, TrainCalls.detailForTrain, { providesTags: ['Train'] }),
    trainDetail: queryCall(b, TrainCalls.detail, { providesTags: ['Train'] }),
    trainStart: mutationCall(b, TrainCalls.start, { invalidatesTags: ['Train', 'TrainRun'] }),
    trainCard: queryCall(b, TrainCalls.card, { providesTags: ['TrainRun'] }),
    trainQu: queryCall(b, TrainCalls.quDetail, { providesTags: ['TrainRun'] }),
    trainFill: mutationCall(b, TrainCalls.fill, { invalidatesTags: ['Train'] }),
    trainFinish: mutationCall(b, TrainCalls.finish, { invalidatesTags: ['Train'] }),
    repoJoin: mutationCall(b, TrainCalls.join, { invalidatesTags: ['Train'] }),
    repoBuy: mutationCall(b, TrainCalls.buy, { invalidatesTags: ['Train'] }),
  }),
});

export const {
  useDetailForTrainQuery,
  useTrainDetailQuery,
  useTrainStartMutation,
  useTrainCardQuery,
  useTrainQuQuery,
  useTrainFillMutation,
  useTrainFinishMutation,
  useRepoJoinMutation,
  useRepoBuyMutation,
} = trainApi;
