import { useEffect, useMemo, useRef, useState } from 'react';
import { type ApiError, call } from '@exam/api';
import { PaperCalls } from '@exam/contracts';
import { SaveQueue, classifySaveError, type SaveState, type SaveStorage } from './saveQueue';

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
 * (a slow or lost network) go together in one fill-answers call. `left`: the time the last reply gave
 * (a new object each reply), for the countdown.
 */
export function useSaveQueue(
  paperId: string,
  onOver: (msg: string) => void,
  onSaved: (quId: string, flag: { answered: boolean; mark: boolean }) => void,
) {
  // The queue is made once; it calls the latest callbacks.
  const cbs = useRef({ onOver, onSaved });
  cbs.current = { onOver, onSaved };
  const [left, setLeft] = useState<{ seconds: number }>();
  const [queue] = useState(
    () =>
      new SaveQueue(paperId, {
        send: (body) => call(PaperCalls.fillAnswer, body, { silent: true }),
        sendBatch: (id, bodies) =>
          call(
            PaperCalls.fillAnswers,
            { paperId: id, items: bodies.map(({ paperId: _, ...item }) => item) },
            { silent: true },
          ),
        onLeft: (seconds) => setLeft({ seconds }),
        classify: classifySaveError,
        onState: (s, n) => {
          setState(s);
          setQueued(n);
        },
        onSaved: (quId, r) => cbs.current.onSaved(quId, { answered: r.answered, mark: r.mark }),
        onOver: (e) => cbs.current.onOver((e as ApiError).msg),
        storage: browserStorage(),
        schedule: (fn, ms) => {
          const timer = setTimeout(fn, ms);
          return () => clearTimeout(timer);
        },
      }),
  );
  // Answers kept from before a reload show as waiting until they are sent.
  const [state, setState] = useState<SaveState | undefined>(queue.size ? 'queued' : undefined);
  const [queued, setQueued] = useState(queue.size);
  const [restored] = useState(() => queue.bodies());

  useEffect(() => {
    void queue.start();
    const retry = () => void queue.retryNow();
    window.addEventListener('online', retry);
    return () => {
      window.removeEventListener('online', retry);
      queue.stop();
    };
  }, [queue]);

  // Stable, so callbacks that use them keep their identity.
  const actions = useMemo(
    () => ({
      save: queue.save.bind(queue),
      flush: () => queue.flush(),
      pending: () => queue.size,
      clear: () => queue.clear(),
    }),
    [queue],
  );
  return { ...actions, restored, state, queued, left };
}
