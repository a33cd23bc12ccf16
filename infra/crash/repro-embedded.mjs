// The check, as a new user would do it: the embedded server with demo data, the learner saves
// every answer of the demo exam (each acknowledged with code 0), SIGKILL, start again, count what is kept.
// node infra/crash/repro-embedded.mjs [port] [dataDir]
import { rmSync } from 'node:fs';
import {
  answerFor,
  killHard,
  ok,
  openPaper,
  sameAnswer,
  signIn,
  startServer,
  storedAnswer,
  waitHealthy,
} from './lib.mjs';

const port = Number(process.argv[2] ?? 57010);
const dataDir = process.argv[3] ?? '/tmp/crash-data';
const base = `http://127.0.0.1:${port}`;
const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: '1' };
const log = `${dataDir}.log`;

rmSync(dataDir, { recursive: true, force: true });
let server = startServer({ env, log });
try {
  await waitHealthy(base);
  let token = await signIn(base, 'learner');
  const paper = await openPaper(base, token);
  const acked = [];
  for (const q of paper.qs) {
    const a = answerFor(q, 1);
    await ok(base, '/api/paper/paper/fill-answer', { paperId: paper.id, quId: q.quId, ...a, seq: 1 }, token);
    acked.push([q, a]);
  }
  await killHard(server);
  server = startServer({ env, log });
  await waitHealthy(base);
  token = await signIn(base, 'learner');
  let kept = 0;
  for (const [q, a] of acked) if (sameAnswer(await storedAnswer(base, token, paper.id, q), a)) kept++;
  console.log(`kept ${kept} of ${acked.length} acknowledged answers after SIGKILL`);
  process.exitCode = kept === acked.length ? 0 : 1;
} finally {
  await killHard(server);
}
