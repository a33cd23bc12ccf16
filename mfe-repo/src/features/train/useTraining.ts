import { useCallback, useEffect, useState } from 'react';
import type { BodyOf, LearnerAnswer, TrainCalls } from '@exam/contracts';
import { errorMessage, skipToken, useAppDispatch } from '@exam/store';
import { trainApi, useTrainCardQuery, useTrainFillMutation, useTrainQuQuery, useTrainStartMutation } from './trainApi';

type StartArgs = { repoId: string; trainMode: string; clear: boolean; quType?: number; chapterId?: string };

/** One training session: start or resume, the card, the current question, answering. */
export function useTraining({ repoId, trainMode, clear, quType, chapterId }: StartArgs) {
  const dispatch = useAppDispatch();
  const [start] = useTrainStartMutation();
  const [fill] = useTrainFillMutation();
  const [trainId, setTrainId] = useState('');
  const [error, setError] = useState('');
  // Starting is a write (it may restart the training), so it runs once per set of arguments, not as a cached query.
  useEffect(() => {
    let stale = false;
    // The mode comes from the address; the server refuses one it does not know.
    start({ repoId, trainMode: trainMode as BodyOf<typeof TrainCalls.start>['trainMode'], clear, quType, chapterId })
      .unwrap()
      .then(
        ({ id }) => !stale && setTrainId(id),
        (e: unknown) => !stale && setError(errorMessage(e) ?? '训练开始失败'),
      );
    return () => {
      stale = true;
    };
  }, [start, repoId, trainMode, clear, quType, chapterId]);

  const { data: card = [] } = useTrainCardQuery(trainId ? { id: trainId } : skipToken);
  // The training resumes at the first question not answered yet, chosen once when its card arrives
  // (answering then marks the card; the learner moves on with 下一题).
  const [picked, setIndex] = useState<number>();
  if (picked === undefined && card.length) {
    const firstOpen = card.findIndex((c) => !c.answered);
    setIndex(firstOpen < 0 ? 0 : firstOpen);
  }
  const index = picked ?? 0;

  const quId = card[index]?.quId;
  const quArgs = trainId && quId ? { trainId, quId, trainMode } : undefined;
  const { currentData: current = null } = useTrainQuQuery(quArgs ?? skipToken);
  const [answers, setAnswers] = useState<Record<string, LearnerAnswer>>({});
  const answer = (quId && answers[quId]) || current?.myAnswer || {};
  const setAnswer = useCallback(
    (a: LearnerAnswer) => {
      if (quId) setAnswers((m) => ({ ...m, [quId]: a }));
    },
    [quId],
  );

  const submit = useCallback(
    async (a: LearnerAnswer) => {
      if (!current || !quArgs) return;
      const r = await fill({ trainId: quArgs.trainId, quId: quArgs.quId, answer: a }).unwrap();
      // The answer's result goes into the cached question and card, without asking the server again.
      dispatch(
        trainApi.util.updateQueryData('trainQu', quArgs, (q) => ({
          ...q,
          answered: true,
          result: r.result,
          myAnswer: r.myAnswer,
          solution: r.solution,
        })),
      );
      dispatch(
        trainApi.util.updateQueryData('trainCard', { id: quArgs.trainId }, (cs) =>
          cs.map((c) => (c.quId === quArgs.quId ? { ...c, answered: true, result: r.result } : c)),
        ),
      );
    },
    [current, quArgs?.trainId, quArgs?.quId, quArgs?.trainMode, fill, dispatch],
  ); // eslint-disable-line react-hooks/exhaustive-deps

  return { trainId, card, index, setIndex, current, answer, setAnswer, submit, error };
}
