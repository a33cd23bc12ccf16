import {
  BATTLE_SOCKET_PATH,
  type BattleMessage,
  BattleHostCalls,
  BattlePerm,
  BattlePlayCalls,
  type RoundState,
} from '@exam/contracts';
import { route, userOf, wsAuth } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { hostService } from './host-service';
import { playHub } from './play-hub';
import { playService, userChannel } from './play-service';
import { withMe } from './round-view';

export async function playRoutes(app: FastifyInstance) {
  const play = playService({ db: app.db, infra: app.infra, log: (o, msg) => app.log.info(o, msg) });
  const host = hostService({ db: app.db, play });
  const hub = playHub(app.infra.bus, play.tick);
  app.addHook('preClose', async () => hub.close());

  route(app, BattlePlayCalls.match, {}, (req) => play.match(userOf(req), req.body.battleId));
  route(app, BattlePlayCalls.cancel, {}, async (req) => {
    await play.cancel(userOf(req).id, req.body.battleId);
    return null;
  });
  route(app, BattlePlayCalls.state, {}, (req) => play.state(userOf(req), req.body.roundId));
  route(app, BattlePlayCalls.answer, {}, (req) => play.answer(userOf(req), req.body));
  route(app, BattlePlayCalls.current, {}, async (req) => ({ roundId: await play.current(userOf(req).id) }));
  route(app, BattlePlayCalls.join, {}, (req) => host.join(userOf(req), req.body.code));

  const hosting = { permission: BattlePerm.HOST };
  route(app, BattleHostCalls.open, hosting, (req) => host.open(userOf(req), req.body.battleId));
  route(app, BattleHostCalls.state, hosting, (req) => host.state(userOf(req), req.body.roundId));
  route(app, BattleHostCalls.start, hosting, async (req) => {
    await host.start(userOf(req), req.body.roundId);
    return null;
  });
  route(app, BattleHostCalls.next, hosting, async (req) => {
    await host.next(userOf(req), req.body.roundId);
    return null;
  });
  route(app, BattleHostCalls.close, hosting, async (req) => {
    await host.close(userOf(req), req.body.roundId);
    return null;
  });

  // A battle screen's channel: the learner's own messages (matched, expired) and those of their round in progress.
  // The screen sends only 'ping'; answers go by the answer call (a reply per answer, retried safely).
  app.get(BATTLE_SOCKET_PATH, { websocket: true }, async (socket, req) => {
    const me = wsAuth(socket, req);
    // The first state a socket gets: a player's own, or the host's screen's.
    const watch = (roundId: string, first?: RoundState) =>
      hub.join(roundId, socket, me.id, async () =>
        first ? withMe(first, me.id) : play.state(me, roundId).catch(() => host.state(me, roundId).catch(() => null)),
      );
    let offUser: (() => Promise<void>) | undefined;
    let closed = false;
    socket.on('message', (raw) => {
      if (raw.toString() === 'ping') socket.send('pong');
    });
    socket.on('close', () => {
      closed = true;
      hub.leave(socket);
      offUser?.().catch(() => undefined);
      // A learner waiting for a room who leaves the screen is no longer waiting.
      play.cancel(me.id).catch(() => undefined);
    });
    const off = await app.infra.bus.subscribe(userChannel(me.id), (text) => {
      if (socket.readyState !== socket.OPEN) return;
      socket.send(text);
      try {
        const m = JSON.parse(text) as BattleMessage;
        if (m.type === 'matched') void watch(m.roundId, m.state).catch(() => undefined);
      } catch {
        // only the service publishes here
      }
    });
    if (closed) return off();
    offUser = off;
    const playing = await play.current(me.id);
    if (playing && !closed) await watch(playing);
  });
}
