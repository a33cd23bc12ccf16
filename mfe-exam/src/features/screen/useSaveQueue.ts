import { useEffect, useRef, useState } from 'react';
import { ApiError, post } from '@exam/api';
import { PaperCalls } from '@exam/contracts';
import { type BatchReply, SaveQueue, classifySaveError, type SaveReply, type SaveState, type SaveStorage } from './saveQueue';

export type { SaveState } from './saveQueue';

/** localStorage, or none where the browser refuses it (private modes): the queue then lives in memory. */
function browserStorage(): SaveStorage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The save queue of one paper: kept in localStorage until sent, retried with backoff and at once when
 * the browser is back online; what a reload kept is sent when the screen opens. Saves that queued up
 * (a slow or lost network) go together in one fill-answers call; each reply's time left goes to onLeft.
 */
export function useSaveQueue(
  paperId: string, onOver: (msg: string) => void, onSaved: (quId: string, answered: boolean, mark: boolean) => void, onLeft?: (leftSeconds: number) => void,
) {
  const cbs = useRef({ onOver, onSaved, onLeft });
  cbs.current = { onOver, onSaved, onLeft };
  const [queue] = useState(() => new SaveQueue(paperId, {
    send: (body) => post<SaveReply>(PaperCalls.fillAnswer.url, body, { silent: true }),
    sendBatch: (id, bodies) => post<BatchReply>(PaperCalls.fillAnswers.url, { paperId: id, items: bodies.map(({ paperId: _, ...item }) => item) }, { silent: true }),
    onLeft: (n) => cbs.current.onLeft?.(n),
    classify: classifySaveError,
    onState: (s, n) => { setState(s); setQueued(n); },
    onSaved: (quId, r) => cbs.current.onSaved(quId, r.answered, r.mark),
    onOver: (e) => cbs.current.onOver((e as ApiError).msg),
    storage: browserStorage(),
    schedule: (fn, ms) => {
      const timer = setTimeout(fn, ms);
      return () => clearTimeout(timer);
    },
  }));
  // Answers kept from before a reload show as waiting until they are sent.
  const [state, setState] = useState<SaveState | undefined>(queue.size ? 'queued' : undefined);
  const [queued, setQueued] = useState(queue.size);
  const [restored] = useState(() => queue.bodies());

  useEffect(() => {
    void queue.start();
    const retry = () => void queue.retryNow();
    window.addEventListener('online', retry);
    return () => { window.removeEventListener('online', retry); queue.stop(); };
  }, [queue]);

  return { save: queue.save.bind(queue), flush: () => queue.flush(), pending: () => queue.size, clear: () => queue.clear(), restored, state, queued };
}
