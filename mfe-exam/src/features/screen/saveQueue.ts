import { Code, type FillAnswerReq, type LearnerAnswer } from '@exam/contracts';

export type SaveState = 'saving' | 'saved' | 'failed' | 'queued';
export type SaveBody = Omit<FillAnswerReq, 'paperId' | 'quId' | 'seq'>;
export type SaveReply = { answered: boolean; mark: boolean; stale: boolean; leftSeconds?: number };
/** A batch's reply (fill-answers): one entry per question sent, and the time left by the server clock. */
export type BatchReply = { leftSeconds: number; list: (SaveReply & { quId: string })[] };
/** Saves sent together at most (the contract's maxItems). */
export const MAX_BATCH = 50;
/** What a failed send says: retry (keep it and send again later), over (20010001: the exam is closed), refused (drop). */
export type SaveFailure = 'retry' | 'over' | 'refused';
/** The part of localStorage the queue uses (injected, so the queue runs and is tested without a DOM). */
export type SaveStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The save body of an answer (the wire calls a short answer's text `answer`), and back. */
export const toSaveBody = (a: LearnerAnswer, mark: boolean): SaveBody => ({
  answers: a.answers,
  answer: a.text,
  blanks: a.blanks,
  pairs: a.pairs,
  subs: a.subs,
  mark,
});
export const answerOfBody = (b: SaveBody): LearnerAnswer => ({
  answers: b.answers,
  text: b.answer,
  blanks: b.blanks,
  pairs: b.pairs,
  subs: b.subs,
});

/** Retry delays after failures in a row: 1 s, 2 s, 4 s … at most 15 s. */
export const MAX_RETRY_MS = 15_000;
export const retryDelay = (failures: number) => Math.min(1000 * 2 ** Math.max(0, failures - 1), MAX_RETRY_MS);
export const storageKey = (paperId: string) => `exam-save-queue:${paperId}`;

/**
 * Whether a failed save may succeed later. No response, time-outs (408), rate limits (429) and server
 * trouble (5xx) are kept; so is 401 (the api client sends the learner to sign in, and the kept answers
 * are sent after the page comes back). Only definite refusals (400 bad input, 403, 404, …) are dropped.
 */
export function classifySaveError(e: unknown): SaveFailure {
  const { status = 0, code } = (e ?? {}) as { status?: number; code?: number };
  if (code === Code.EXAM_OVER) return 'over';
  if (code === Code.NOT_SIGNED_IN || code === Code.RATE_LIMITED || code === Code.SERVER_ERROR) return 'retry';
  return status === 0 || status === 401 || status === 408 || status === 429 || status >= 500 ? 'retry' : 'refused';
}

interface Deps {
  send: (body: FillAnswerReq) => Promise<SaveReply>;
  /** Sends several queued saves of the paper in one call; none: one call per save. */
  sendBatch?: (paperId: string, bodies: FillAnswerReq[]) => Promise<BatchReply>;
  /** The server's time left, from a save's reply (the screen's clock re-sync can rest while saves flow). */
  onLeft?: (leftSeconds: number) => void;
  classify: (err: unknown) => SaveFailure;
  onState: (state: SaveState, queued: number) => void;
  onSaved: (quId: string, reply: SaveReply) => void;
  onOver: (err: unknown) => void;
  now?: () => number;
  /** Where unsent saves survive a reload; none: memory only. */
  storage?: SaveStorage;
  /** Runs fn after ms; returns a cancel function. None: no automatic retries. */
  schedule?: (fn: () => void, ms: number) => () => void;
}

/** The saved queue of a paper, or nothing when it is missing or not ours (bad JSON, another paper). */
function readStored(storage: SaveStorage | undefined, paperId: string): FillAnswerReq[] {
  try {
    const items: unknown = JSON.parse(storage?.getItem(storageKey(paperId)) ?? '[]');
    return Array.isArray(items)
      ? items.filter(
          (b): b is FillAnswerReq =>
            !!b && b.paperId === paperId && typeof b.quId === 'string' && typeof b.seq === 'number',
        )
      : [];
  } catch {
    return [];
  }
}

/**
 * The exam screen's save queue, without React so it can be tested on its own. The newest unsaved
 * body of each question stays queued (and in storage, so a reload keeps it, with its seq) until the
 * server has committed it or definitely refused it; `flush` sends the queue oldest first — what has
 * queued up in one batch call when `sendBatch` is given — and stops at the first failure worth
 * retrying, then retries with backoff (`retryNow` on the browser's online event). A batch the server
 * refuses as a whole (one bad answer) is sent again one save at a time, so only the bad one is dropped. Every save carries a growing, time-based `seq`, which also grows across reloads; the server
 * drops older ones.
 */
export class SaveQueue {
  private pending = new Map<string, FillAnswerReq>();
  private lastSeq = 0;
  private running: Promise<void> | undefined;
  private failures = 0;
  private cancelRetry: (() => void) | undefined;
  private stopped = false;
  /** After a refused batch: one save per call until the queue is empty. */
  private oneByOne = false;

  constructor(
    private paperId: string,
    private deps: Deps,
  ) {
    for (const b of readStored(deps.storage, paperId)) {
      this.pending.set(b.quId, b);
      this.lastSeq = Math.max(this.lastSeq, b.seq ?? 0);
    }
  }

  get size() {
    return this.pending.size;
  }

  /** The unsent bodies by question id (kept from before a reload, until they are sent). */
  bodies(): Record<string, FillAnswerReq> {
    return Object.fromEntries(this.pending);
  }

  save(quId: string, body: SaveBody): Promise<void> {
    const seq = Math.max(this.lastSeq + 1, (this.deps.now ?? Date.now)() * 1000);
    this.lastSeq = seq;
    this.pending.set(quId, { ...body, paperId: this.paperId, quId, seq });
    this.persist();
    return this.flush();
  }

  /** Sends what is queued; while a send is running, waits for it and sends what is left after it. */
  flush(): Promise<void> {
    if (this.running) return this.running.then(() => this.flush());
    if (!this.pending.size) return Promise.resolve();
    this.running = this.run().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Sends at once instead of waiting for the backoff (the network is back). */
  retryNow(): Promise<void> {
    this.cancelRetry?.();
    this.cancelRetry = undefined;
    return this.flush();
  }

  /** Automatic retries on (after stop) and what is kept sent. */
  start(): Promise<void> {
    this.stopped = false;
    return this.retryNow();
  }

  /** No more automatic retries (the screen is gone); what is queued stays stored. */
  stop() {
    this.stopped = true;
    this.cancelRetry?.();
    this.cancelRetry = undefined;
  }

  /** Forgets everything queued, stored copy included: the paper is handed in or closed. */
  clear() {
    this.stop();
    this.pending.clear();
    this.failures = 0;
    this.persist();
  }

  private persist() {
    const key = storageKey(this.paperId);
    try {
      if (this.pending.size) this.deps.storage?.setItem(key, JSON.stringify([...this.pending.values()]));
      else this.deps.storage?.removeItem(key);
    } catch {
      // storage full or disabled: the queue still works in memory
    }
  }

  private retryLater() {
    this.failures++;
    if (this.stopped || !this.deps.schedule) return;
    this.cancelRetry?.();
    this.cancelRetry = this.deps.schedule(() => {
      this.cancelRetry = undefined;
      void this.flush();
    }, retryDelay(this.failures));
  }

  private async run(): Promise<void> {
    let state: SaveState = 'saved';
    try {
      // Changes made while a send is in flight are picked up by the loop.
      while (this.pending.size) {
        const batch = [...this.pending.values()].slice(0, this.deps.sendBatch && !this.oneByOne ? MAX_BATCH : 1);
        this.deps.onState('saving', this.pending.size);
        try {
          const replies = await this.send(batch);
          this.failures = 0;
          for (const body of batch) {
            const reply = replies.get(body.quId);
            // Not in the reply: not acknowledged, so it stays queued (a later round sends it again).
            if (!reply) continue;
            this.forget(body.quId, body.seq);
            if (!reply.stale) this.deps.onSaved(body.quId, reply);
          }
          if (batch.every((b) => !replies.has(b.quId))) {
            state = 'queued';
            this.retryLater();
            return;
          }
        } catch (e) {
          const kind = this.deps.classify(e);
          if (kind === 'over') {
            state = 'failed';
            this.clear();
            this.deps.onOver(e);
            return;
          }
          if (kind === 'retry') {
            state = 'queued';
            this.retryLater();
            return;
          }
          if (batch.length > 1) {
            this.oneByOne = true;
            continue;
          }
          this.forget(batch[0].quId, batch[0].seq); // refused: sending it again would not help
          state = 'failed';
        }
      }
      this.oneByOne = false;
    } finally {
      this.deps.onState(state, this.pending.size);
    }
  }

  /** One save by the spec's call, several by the batch call; the replies by question, the time left passed on. */
  private async send(batch: FillAnswerReq[]): Promise<Map<string, SaveReply>> {
    if (batch.length === 1) {
      const reply = await this.deps.send(batch[0]);
      if (reply.leftSeconds !== undefined) this.deps.onLeft?.(reply.leftSeconds);
      return new Map([[batch[0].quId, reply]]);
    }
    const r = await this.deps.sendBatch!(this.paperId, batch);
    this.deps.onLeft?.(r.leftSeconds);
    return new Map(r.list.map((x) => [x.quId, x]));
  }

  /** Drops a sent body, unless a newer change of the same question arrived meanwhile. */
  private forget(quId: string, seq: number | undefined) {
    if (this.pending.get(quId)?.seq !== seq) return;
    this.pending.delete(quId);
    this.persist();
  }
}
