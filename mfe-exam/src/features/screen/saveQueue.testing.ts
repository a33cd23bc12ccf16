import type { FillAnswerReq } from '@exam/contracts';
import { type SaveFailure, SaveQueue, type SaveState, type SaveStorage } from './saveQueue';

/* The save queue's test bench: a fake server that can go offline, end the exam or refuse, fake storage and timers. */

class Offline extends Error {}
class Over extends Error {}
class Refused extends Error {}

/** A Storage over a Map (the node test environment has no localStorage). */
export function memoryStorage(): SaveStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

/** A queue over a fake server that can be switched offline, with fake storage and timers. */
export function setup(storage: SaveStorage = memoryStorage(), o: { batch?: boolean } = {}) {
  const server = {
    offline: false,
    over: false,
    refuse: false,
    stored: new Map<string, FillAnswerReq>(),
    calls: 0,
    /** Batch calls and their sizes; a batch holding a body of quId 'bad' is refused whole (400). */
    batches: [] as number[],
    lefts: [] as number[],
    dropFromReply: '',
    inFlight: undefined as (() => void) | undefined,
  };
  const timers: { ms: number; fn: () => void; cancelled: boolean }[] = [];
  const states: SaveState[] = [];
  const saved: string[] = [];
  const overs: unknown[] = [];
  let clock = 1_000;
  const store = (body: FillAnswerReq) => {
    const old = server.stored.get(body.quId);
    const stale = !!old && (old.seq ?? 0) > (body.seq ?? 0);
    if (!stale) server.stored.set(body.quId, body);
    return { answered: !!body.answers?.length, mark: !!body.mark, stale };
  };
  const check = () => {
    if (server.offline) throw new Offline();
    if (server.over) throw new Over();
  };
  const queue = new SaveQueue('p1', {
    send: async (body) => {
      server.calls++;
      check();
      if (server.refuse || body.quId === 'bad') throw new Refused();
      return { ...store(body), leftSeconds: 600 };
    },
    ...(o.batch
      ? {
          sendBatch: async (paperId: string, bodies: FillAnswerReq[]) => {
            server.calls++;
            server.batches.push(bodies.length);
            // Lets a test change answers while this call is on the wire.
            server.inFlight?.();
            check();
            if (paperId !== 'p1' || bodies.some((b) => b.quId === 'bad')) throw new Refused();
            const list = bodies
              .map((b) => ({ quId: b.quId, ...store(b) }))
              .filter((r) => r.quId !== server.dropFromReply);
            return { leftSeconds: 599, list };
          },
        }
      : {}),
    onLeft: (n) => server.lefts.push(n),
    classify: (e): SaveFailure => (e instanceof Offline ? 'retry' : e instanceof Over ? 'over' : 'refused'),
    onState: (s) => states.push(s),
    onSaved: (quId) => saved.push(quId),
    onOver: (e) => overs.push(e),
    now: () => clock,
    storage,
    schedule: (fn, ms) => {
      const t = { ms, fn, cancelled: false };
      timers.push(t);
      return () => {
        t.cancelled = true;
      };
    },
  });
  return {
    server,
    states,
    saved,
    overs,
    queue,
    timers,
    storage,
    tick: () => {
      clock += 1;
    },
  };
}
