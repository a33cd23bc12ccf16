import { useEffect, useRef, useState } from 'react';
import { ApiError, Code, post } from '@exam/api';
import { PaperCalls } from '@exam/contracts';
import { SaveQueue, type SaveFailure, type SaveReply, type SaveState } from './saveQueue';

export type { SaveState } from './saveQueue';
/** How often queued saves are retried while the network is down. */
const RETRY_MS = 3000;

const classify = (e: unknown): SaveFailure => {
  const err = e as ApiError;
  if (err.code === Code.EXAM_OVER) return 'over';
  return err.status === 0 ? 'offline' : 'refused';
};

/** The save queue of one paper, retried every few seconds and when the browser is back online. */
export function useSaveQueue(paperId: string, onOver: (msg: string) => void, onSaved: (quId: string, answered: boolean, mark: boolean) => void) {
  const [state, setState] = useState<SaveState | undefined>();
  const [queued, setQueued] = useState(0);
  const cbs = useRef({ onOver, onSaved });
  cbs.current = { onOver, onSaved };
  const [queue] = useState(() => new SaveQueue(paperId, {
    send: (body) => post<SaveReply>(PaperCalls.fillAnswer.url, body, { silent: true }),
    classify,
    onState: (s, n) => { setState(s); setQueued(n); },
    onSaved: (quId, r) => cbs.current.onSaved(quId, r.answered, r.mark),
    onOver: (e) => cbs.current.onOver((e as ApiError).msg),
  }));

  useEffect(() => {
    const retry = () => void queue.flush();
    const timer = setInterval(retry, RETRY_MS);
    window.addEventListener('online', retry);
    return () => { clearInterval(timer); window.removeEventListener('online', retry); };
  }, [queue]);

  return { save: queue.save.bind(queue), flush: () => queue.flush(), state, queued };
}
