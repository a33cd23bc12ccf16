import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, Code, post } from '@exam/api';
import { PaperCalls, type FillAnswerReq, type LearnerAnswer, type PaperDetail, type PaperQu } from '@exam/contracts';
import { answerOfBody } from './saveQueue';

export type CardItem = PaperDetail['groupList'][number]['quList'][number];

/**
 * The paper of the exam screen: its answer card (answered and mark flags kept up to date by the
 * saves), the current question loaded with qu-detail (cached, so going back keeps local edits)
 * and the learner's answers by question id. onOver: the server said the exam is over (20010001).
 * restored: saves kept from before a reload and not sent yet; they are newer than what the server has.
 */
export function useExamPaper(paperId: string, onOver: (msg: string) => void, restored: Record<string, FillAnswerReq> = {}) {
  const [paper, setPaper] = useState<PaperDetail>();
  const [error, setError] = useState('');
  const [index, setIndex] = useState(0);
  const [qus, setQus] = useState<Record<string, PaperQu>>({});
  const [answers, setAnswers] = useState<Record<string, LearnerAnswer>>(() =>
    Object.fromEntries(Object.entries(restored).map(([quId, b]) => [quId, answerOfBody(b)])));
  const [kept] = useState(restored);
  const [flags, setFlags] = useState<Record<string, { answered: boolean; mark: boolean }>>({});

  const fail = useCallback((e: unknown) => {
    const err = e as ApiError;
    if (err.code === Code.EXAM_OVER) onOver(err.msg);
    else setError(err.msg ?? String(e));
  }, [onOver]);

  useEffect(() => {
    post<PaperDetail>(PaperCalls.paperDetail.url, { id: paperId }, { silent: true }).then((p) => {
      setPaper(p);
      setFlags(Object.fromEntries(p.groupList.flatMap((g) => g.quList.map((q) => [q.quId, { answered: q.answered, mark: kept[q.quId]?.mark ?? q.mark }]))));
    }, fail);
  }, [paperId, fail, kept]);

  const card = useMemo(() => paper?.groupList.flatMap((g) => g.quList) ?? [], [paper]);
  const current = card[index];
  const inflight = useRef(new Set<string>());
  const [online, setOnline] = useState(0);
  useEffect(() => {
    const back = () => setOnline((n) => n + 1);
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, []);
  /** Loads one question once; a network failure is left for the next attempt, only 20010001 ends the screen. */
  const load = useCallback(async (quId: string) => {
    if (inflight.current.has(quId)) return;
    inflight.current.add(quId);
    try {
      const q = await post<PaperQu>(PaperCalls.quDetail.url, { paperId, quId }, { silent: true });
      setQus((m) => ({ ...m, [q.quId]: q }));
      setAnswers((m) => (m[q.quId] ? m : { ...m, [q.quId]: q.myAnswer }));
    } catch (e) {
      if ((e as ApiError).code === Code.EXAM_OVER) fail(e);
    } finally {
      inflight.current.delete(quId);
    }
  }, [paperId, fail]);
  // The whole paper is fetched ahead, so a network drop later does not keep questions from the learner.
  useEffect(() => {
    let stop = false;
    void (async () => {
      for (const c of card) {
        if (stop) return;
        await load(c.quId);
      }
    })();
    return () => { stop = true; };
  }, [card, load]);
  // The current question first (and again, should the prefetch have missed it).
  useEffect(() => {
    if (current && !qus[current.quId]) void load(current.quId);
  }, [current, qus, load, online]);

  const setAnswer = (quId: string, a: LearnerAnswer) => setAnswers((m) => ({ ...m, [quId]: a }));
  const setFlag = (quId: string, f: { answered: boolean; mark: boolean }) => setFlags((m) => ({ ...m, [quId]: f }));
  return { paper, error, card, index, setIndex, current, qu: current && qus[current.quId], answers, setAnswer, flags, setFlag };
}
