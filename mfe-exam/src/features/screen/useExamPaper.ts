import { useCallback, useEffect, useMemo, useState } from 'react';
import { type ApiError, call, Code } from '@exam/api';
import { PaperCalls, type LearnerAnswer, type PaperDetail, type PaperQu } from '@exam/contracts';
import { answerOfBody } from './saveQueue';
import { useSaveQueue } from './useSaveQueue';

export type CardItem = PaperDetail['groupList'][number]['quList'][number];
type Flag = { answered: boolean; mark: boolean };

/**
 * The paper of the exam screen, loaded in one call (paper-view: the answer card and every question),
 * so a network drop later does not keep questions from the learner: its answer card (answered and
 * mark flags kept up to date by the saves), the current question, the learner's answers by question
 * id, and `saves`, the paper's save queue (useSaveQueue). Saves kept from before a reload and not sent
 * yet are newer than what the server has. onOver: the server said the exam is over (20010001); what
 * is queued is dropped then, as it can never be stored.
 */
export function useExamPaper(paperId: string, onOver: (msg: string) => void) {
  const [flags, setFlags] = useState<Record<string, Flag>>({});
  const setFlag = useCallback((quId: string, f: Flag) => setFlags((m) => ({ ...m, [quId]: f })), []);
  const saves = useSaveQueue(paperId, onOver, setFlag);
  const kept = saves.restored;
  const [paper, setPaper] = useState<PaperDetail>();
  const [error, setError] = useState('');
  const [index, setIndex] = useState(0);
  const [qus, setQus] = useState<Record<string, PaperQu>>({});
  const [answers, setAnswers] = useState<Record<string, LearnerAnswer>>(() =>
    Object.fromEntries(Object.entries(kept).map(([quId, b]) => [quId, answerOfBody(b)])),
  );
  const [online, setOnline] = useState(0);

  const { clear } = saves;
  const fail = useCallback(
    (e: unknown) => {
      const err = e as ApiError;
      if (err.code === Code.EXAM_OVER) {
        clear();
        onOver(err.msg);
      } else setError(err.msg ?? String(e));
    },
    [onOver, clear],
  );

  useEffect(() => {
    const back = () => setOnline((n) => n + 1);
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, []);
  const loaded = paper !== undefined;
  // Once; again when the network comes back should the first attempt have failed.
  useEffect(() => {
    if (loaded) return;
    let stop = false;
    call(PaperCalls.paperView, { id: paperId }, { silent: true }).then(
      (p) => {
        if (stop) return;
        const { quList, ...detail } = p;
        setError('');
        setPaper(detail);
        setFlags(
          Object.fromEntries(
            p.groupList.flatMap((g) =>
              g.quList.map((q) => [q.quId, { answered: q.answered, mark: kept[q.quId]?.mark ?? q.mark }]),
            ),
          ),
        );
        setQus(Object.fromEntries(quList.map((q) => [q.quId, q])));
        // Answers kept from before a reload are newer than the server's.
        setAnswers((m) => ({ ...Object.fromEntries(quList.map((q) => [q.quId, q.myAnswer])), ...m }));
      },
      (e) => !stop && fail(e),
    );
    return () => {
      stop = true;
    };
  }, [paperId, fail, kept, loaded, online]);

  const card = useMemo(() => paper?.groupList.flatMap((g) => g.quList) ?? [], [paper]);
  const current = card[index];

  const setAnswer = (quId: string, a: LearnerAnswer) => setAnswers((m) => ({ ...m, [quId]: a }));
  return {
    paper,
    error,
    card,
    index,
    setIndex,
    current,
    qu: current && qus[current.quId],
    answers,
    setAnswer,
    flags,
    setFlag,
    saves,
  };
}
