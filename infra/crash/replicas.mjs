// The reminder channel across replicas: a learner's websocket, opened through the gateway, lands on one
// watch replica; a proctor's message sent through each watch replica directly (and through the gateway)
// must reach it, because messages travel on Redis's bus and presence lives in Redis, not in a replica.
import WebSocket from 'ws';
import { DEMO_EXAM, ok, signIn, wait } from './lib.mjs';

/** Resolves with the messages the socket received besides pongs, once `count` arrived (or after `ms`). */
function collect(socket, count, ms) {
  const got = [];
  return new Promise((resolve) => {
    const done = () => resolve(got);
    socket.on('message', (m) => {
      if (String(m) !== 'pong') got.push(String(m));
      if (got.length >= count) done();
    });
    setTimeout(done, ms);
  });
}

/** Returns what the learner's socket received for one message sent through each of `bases`. */
export async function remindersAcrossReplicas(gateway, bases) {
  const admin = await signIn(gateway, 'admin', 'Admin@2026');
  const learner = await signIn(gateway, 'learner');
  const me = await ok(gateway, '/api/sys/user/info', {}, learner);
  const url = `${gateway.replace('http', 'ws')}/api/socket/exam/${me.id}/${DEMO_EXAM}/pc`;
  const socket = new WebSocket(url, ['token', learner], { headers: { origin: gateway } });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  try {
    socket.send('ping'); // marks the learner online (presence in Redis)
    await wait(300);
    const messages = bases.map((_, i) => `请保持诚信作答（第${i + 1}条）`);
    const received = collect(socket, messages.length, 5000);
    for (const [i, base] of bases.entries()) {
      const r = await ok(
        base,
        '/api/socket/watch/single-msg',
        { examId: DEMO_EXAM, userId: me.id, message: messages[i] },
        admin,
      );
      if (r.success !== 1) throw new Error(`${base} did not see the learner online: ${JSON.stringify(r)}`);
    }
    return { sent: messages, received: await received };
  } finally {
    socket.close();
  }
}
