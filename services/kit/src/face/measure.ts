/**
 * Measures the local engine on the real photos in ./testing (README.md there says where they come
 * from): same-person and different-person similarity, error rates per threshold, time per comparison.
 * Run: `flock /tmp/heavy.lock npx tsx services/kit/src/face/measure.ts`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { faceConfigOf, isRefusal } from './engine';
import { localEngine } from './local';

const dir = join(import.meta.dirname, 'testing');
const engine = localEngine(faceConfigOf(undefined));
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length - 1) * p))]!;
const stats = (xs: number[]) =>
  `n=${xs.length} min=${Math.min(...xs).toFixed(3)} p5=${pct(xs, 0.05).toFixed(3)} p50=${pct(xs, 0.5).toFixed(3)} p95=${pct(xs, 0.95).toFixed(3)} max=${Math.max(...xs).toFixed(3)}`;

const templates = new Map<string, string>();
for (const f of readdirSync(dir)
  .filter((n) => /^[vpo]\d+\.jpg$/.test(n))
  .sort()) {
  const r = await engine.enroll(readFileSync(join(dir, f)), { userId: f });
  if (isRefusal(r)) console.log(`refused ${f}: ${r.reason}`);
  else templates.set(f, r.template);
}
const names = [...templates.keys()];
const score = async (a: string, b: string) => {
  const v = await engine.compare(readFileSync(join(dir, a)), { userId: b, template: templates.get(b)! });
  return isRefusal(v) ? Number.NaN : v.score;
};
const same: number[] = [];
const diffVlad: number[] = [];
const diffOthers: number[] = [];
const times: number[] = [];
for (let i = 0; i < names.length; i++) {
  for (let j = i + 1; j < names.length; j++) {
    const [a, b] = [names[i]!, names[j]!];
    const t0 = performance.now();
    const s = await score(a, b);
    times.push(performance.now() - t0);
    if (a[0] === 'v' && b[0] === 'v') same.push(s);
    else if (a[0] === 'v' || b[0] === 'v') diffVlad.push(s);
    else if (a[0] === 'p' && b[0] === 'p') diffOthers.push(s);
  }
}
const diff = [...diffVlad, ...diffOthers];
console.log(`enrolled ${names.length} photos`);
console.log(`same person        ${stats(same)}`);
console.log(`different (vs v)   ${stats(diffVlad)}`);
console.log(`different (p × p)  ${stats(diffOthers)}`);
for (let t = 0.4; t <= 0.701; t += 0.025) {
  const frr = same.filter((s) => s < t).length / same.length;
  const far = diff.filter((s) => s >= t).length / diff.length;
  console.log(
    `threshold ${t.toFixed(3)}  false reject ${(frr * 100).toFixed(1)}%  false accept ${(far * 100).toFixed(2)}%`,
  );
}
console.log(
  `one comparison (decode + gate + embedding + similarity, 400–480 px): p50 ${pct(times, 0.5).toFixed(1)} ms, p99 ${pct(times, 0.99).toFixed(1)} ms, n=${times.length}`,
);
