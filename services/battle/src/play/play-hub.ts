import type { WebSocket } from '@fastify/websocket';
import { type BattleMessage, RoundStatus, type RoundState } from '@exam/contracts';
import type { Bus } from '@exam/server-kit';
import { roundChannel } from './play-service';
import { withMe } from './round-view';

type Watched = { sockets: Map<WebSocket, string>; off?: Promise<() => Promise<void>>; timer?: NodeJS.Timeout };

/**
 * This replica's battle sockets by round: one bus subscription per round however many of its players are connected
 * here, each message parsed once and sent to each of them. A replica with players of a round also keeps that round's
 * clock: a timer at the current phase's deadline calls `tick` (every replica may; the stored clock makes it once).
 */
export function playHub(bus: Bus, tick: (roundId: string) => Promise<unknown>) {
  const rounds = new Map<string, Watched>();

  function arm(roundId: string, w: Watched, s: RoundState) {
    clearTimeout(w.timer);
    if (s.status !== RoundStatus.PLAYING || !s.phaseEndsAt) return;
    // A few milliseconds after the deadline, by this replica's clock against the server's `now` in the message.
    const wait = Math.max(0, s.phaseEndsAt - s.now) + 15;
    w.timer = setTimeout(() => void tick(roundId).catch(() => undefined), wait);
    w.timer.unref();
  }

  function deliver(roundId: string, text: string) {
    const w = rounds.get(roundId);
    if (!w) return;
    let m: BattleMessage;
    try {
      m = JSON.parse(text) as BattleMessage;
    } catch {
      return;
    }
    if (m.type === 'state') arm(roundId, w, m.state);
    for (const [socket, userId] of w.sockets) {
      if (socket.readyState !== socket.OPEN) continue;
      // Each player's own line from the scores the message carries (a hosted contest's); the map itself stays here.
      socket.send(
        m.type === 'state' ? JSON.stringify({ type: 'state', state: withMe(m.state, userId, m.scores) }) : text,
      );
    }
  }

  return {
    /** Adds a player's socket to a round; `first` is sent to it once the subscription stands (nothing is missed in between). */
    async join(roundId: string, socket: WebSocket, userId: string, first: () => Promise<RoundState | null>) {
      let w = rounds.get(roundId);
      if (!w) {
        w = { sockets: new Map() };
        rounds.set(roundId, w);
        w.off = bus.subscribe(roundChannel(roundId), (text) => deliver(roundId, text));
      }
      w.sockets.set(socket, userId);
      await w.off;
      const s = await first();
      if (!s) return;
      arm(roundId, w, s);
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: 'state', state: s }));
    },
    leave(socket: WebSocket) {
      for (const [roundId, w] of rounds) {
        if (!w.sockets.delete(socket) || w.sockets.size) continue;
        rounds.delete(roundId);
        clearTimeout(w.timer);
        void w.off?.then((off) => off()).catch(() => undefined);
      }
    },
    /** Rounds watched here (tests, shutdown). */
    size: () => rounds.size,
    close() {
      for (const w of rounds.values()) {
        clearTimeout(w.timer);
        void w.off?.then((off) => off()).catch(() => undefined);
      }
      rounds.clear();
    },
  };
}
