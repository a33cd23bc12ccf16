// `npx tsx infra/release/snapshot.ts <release>` at each release: keeps that release's contracts in
// infra/release/contracts.json, which contract-compat.test.ts holds today's contracts to (and the skew e2e builds that
// release's remote from its commit).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as contracts from '@exam/contracts';
import type { ContractSnapshot } from './contract-compat';

export const SNAPSHOT_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'contracts.json');

/** Today's contracts in the snapshot's form (plain JSON Schema). */
export function contractsNow(release = 'now', commit = ''): ContractSnapshot {
  const calls: ContractSnapshot['calls'] = {};
  for (const [group, value] of Object.entries(contracts as Record<string, unknown>).sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    if (!value || typeof value !== 'object') continue;
    for (const [key, c] of Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
      if (
        c &&
        typeof c === 'object' &&
        typeof c.url === 'string' &&
        typeof c.body === 'object' &&
        typeof c.data === 'object'
      )
        calls[`${group}.${key}`] = JSON.parse(JSON.stringify({ url: c.url, body: c.body, data: c.data }));
  }
  return { release, commit, calls };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const release = process.argv[2];
  if (!release) throw new Error('usage: npx tsx infra/release/snapshot.ts <release>');
  const commit = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  const snap = contractsNow(release, commit);
  // One call per line: a release's diff reads call by call.
  const lines = Object.entries(snap.calls).map(([name, c]) => `    ${JSON.stringify(name)}: ${JSON.stringify(c)}`);
  writeFileSync(
    SNAPSHOT_FILE,
    `{\n  "release": ${JSON.stringify(release)},\n  "commit": ${JSON.stringify(commit)},\n  "calls": {\n${lines.join(',\n')}\n  }\n}\n`,
  );
  console.log(`${lines.length} calls of release ${release} (${commit}) in ${SNAPSHOT_FILE}`);
}
