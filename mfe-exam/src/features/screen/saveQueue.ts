import type { FillAnswerReq } from '@exam/contracts';

export type SaveState = 'saving' | 'saved' | 'failed' | 'queued';
export type SaveBody = Omit<FillAnswerReq, 'paperId' | 'quId' | 'seq'>;
export type SaveReply = { answered: boolean; mark: boolean; stale: boolean };
/** What a failed send says: offline (keep and retry), over (20010001: the exam is closed), refused (drop). */
export type SaveFailure = 'offline' | 'over' | 'refused';

interface Deps {
  send: (body: FillAnswerReq) => Promise<SaveReply>;
  classify: (err: unknown) => SaveFailure;
  onState: (state: SaveState, queued: number) => void;
  onSaved: (quId: string, reply: SaveReply) => void;
  onOver: (err: unknown) => void;
  now?: () => number;
}

/**
 * The exam screen's save queue, without React so it can be tested on its own. The newest unsaved
 * body of each question stays queued until the server has committed it, so a network drop loses
 * nothing; `flush` sends the queue oldest first, and stops at the first network failure (the
 * caller retries on a timer and on the browser's online event). Every save carries a growing,
 * time-based `seq`, which also grows across reloads; the server drops older ones.
 */
export class SaveQueue {
  private pending = new Map<string, FillAnswerReq>();
  private lastSeq = 0;
  private running: Promise<void> | undefined;

  constructor(private paperId: string, private deps: Deps) {}

  get size() { return this.pending.size; }

  save(quId: string, body: SaveBody): Promise<void> {
    const seq = Math.max(this.lastSeq + 1, (this.deps.now ?? Date.now)() * 1000);
    this.lastSeq = seq;
    this.pending.set(quId, { ...body, paperId: this.paperId, quId, seq });
    return this.flush();
  }

  /** Sends what is queued; while a send is running, waits for it and sends what is left after it. */
  flush(): Promise<void> {
    if (this.running) return this.running.then(() => this.flush());
    if (!this.pending.size) return Promise.resolve();
    this.running = this.run().finally(() => { this.running = undefined; });
    return this.running;
  }

  private async run(): Promise<void> {
    let state: SaveState = 'saved';
    try {
      // Changes made while a send is in flight are picked up by the loop.
      while (this.pending.size) {
        const [quId, body] = this.pending.entries().next().value!;
        this.deps.onState('saving', this.pending.size);
        try {
          const reply = await this.deps.send(body);
          // Forget it only when no newer change of the same question arrived meanwhile.
          if (this.pending.get(quId)?.seq === body.seq) this.pending.delete(quId);
          if (!reply.stale) this.deps.onSaved(quId, reply);
        } catch (e) {
          const kind = this.deps.classify(e);
          if (kind === 'over') { state = 'failed'; this.deps.onOver(e); return; }
          if (kind === 'offline') { state = 'queued'; return; }
          this.pending.delete(quId); // refused (bad input): sending it again would not help
          state = 'failed';
        }
      }
    } finally {
      this.deps.onState(state, this.pending.size);
    }
  }
}
