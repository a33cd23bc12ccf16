/**
 * Throughput of queued comparisons (exam and study captures): N stored frames compared with an enrolled
 * face through the platform's job queue by one worker (PGlite, local engine, this process).
 * Run: `flock /tmp/heavy.lock npx tsx services/kit/src/face/measure-queue.ts [N]`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sysUser } from '../db/schema';
import { jobQueue } from '../jobs';
import { createTestApp } from '../testing';
import { saveFaceImage } from './images';
import { faceService } from './service';

const N = Number(process.argv[2] ?? 60);
const dir = join(import.meta.dirname, 'testing');
const app = await createTestApp({ services: [], seeds: [] });
const { db } = app;
const dataDir = app.config.dataDir;
await db.insert(sysUser).values({ id: 'u1', userName: 'u1', realName: 'u1', password: 'x' });
const faces = faceService({ db, dataDir });
await faces.enroll('u1', await saveFaceImage(db, dataDir, readFileSync(join(dir, 'v00.jpg'))));
const frames = ['v01.jpg', 'v02.jpg', 'p10.jpg', 'noface.jpg'].map((f) => readFileSync(join(dir, f)));
const images = [];
for (let i = 0; i < N; i++) images.push(await saveFaceImage(db, dataDir, frames[i % frames.length]!));
const queue = jobQueue(db);
let done = 0;
let finished: () => void = () => {};
const all = new Promise<void>((ok) => (finished = ok));
const t0 = performance.now();
for (const image of images) await faces.enqueueCompare(queue, db, 'measure', { userId: 'u1', image, ref: {} });
const stop = faces.workCompares(
  queue,
  'measure',
  async () => {
    if (++done === N) finished();
  },
  { pollMs: 50 },
);
await all;
const sec = (performance.now() - t0) / 1000;
console.log(
  `${N} queued comparisons in ${sec.toFixed(1)} s: ${(N / sec).toFixed(1)} a second, one worker (enqueue included)`,
);
await stop();
await app.close();
