import { useCallback, useEffect, useState } from 'react';
import { post } from '@exam/api';
import { type LearnerAnswer, TrainCalls, type TrainCardItem, type TrainFillRes, type TrainQu } from '@exam/contracts';

type StartArgs = { repoId: string; trainMode: string; clear: boolean; quType?: number; chapterId?: string };

/** One training session: start or resume, the card, the current question, answering. */
export function useTraining({ repoId, trainMode, clear, quType, chapterId }: StartArgs) {
  const [trainId, setTrainId] = useState('');
  const [card, setCard] = useState<TrainCardItem[]>([]);
  const [index, setIndex] = useState(0);
  const [current, setCurrent] = useState<TrainQu | null>(null);
  const [answer, setAnswer] = useState<LearnerAnswer>({});
  const [error, setError] = useState('');

  useEffect(() => {
    let stale = false;
    (async () => {
      const { id } = await post<{ id: string }>(TrainCalls.start.url, { repoId, trainMode, clear, quType, chapterId });
      const items = await post<TrainCardItem[]>(TrainCalls.card.url, { id });
      if (stale) return;
      setTrainId(id);
      setCard(items);
      // Resume at the first question not answered yet.
      const next = items.findIndex((c) => !c.answered);
      setIndex(next < 0 ? 0 : next);
    })().catch((e: Error) => setError(e.message));
    return () => { stale = true; };
  }, [repoId, trainMode, clear, quType, chapterId]);

  const quId = card[index]?.quId;
  useEffect(() => {
    if (!trainId || !quId) return;
    setCurrent(null);
    void post<TrainQu>(TrainCalls.quDetail.url, { trainId, quId, trainMode }).then((q) => {
      setCurrent(q);
      setAnswer(q.myAnswer ?? {});
    });
  }, [trainId, quId, trainMode]);

  const submit = useCallback(async (a: LearnerAnswer) => {
    if (!current || !quId) return;
    const r = await post<TrainFillRes>(TrainCalls.fill.url, { trainId, quId, answer: a });
    setCurrent({ ...current, answered: true, result: r.result, myAnswer: r.myAnswer, solution: r.solution });
    setCard((cs) => cs.map((c) => (c.quId === quId ? { ...c, answered: true, result: r.result } : c)));
  }, [current, trainId, quId]);

  return { trainId, card, index, setIndex, current, answer, setAnswer, submit, error };
}
