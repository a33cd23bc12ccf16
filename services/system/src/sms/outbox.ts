import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsProvider } from './sms-provider';

export type OutboxEntry = { mobile: string; code: string; time: number };

const KEEP = 200;
const boxes = new Set<OutboxEntry[]>();

/**
 * The embedded mode's SMS "provider": nothing leaves the machine, the code goes to the server log
 * (where the operator of a demo reads it) and stays in memory for tests (`lastOutboxCode`). With an
 * on-disk data dir it is also appended to `<dataDir>/sms-outbox.log`, which the browser tests read.
 */
export function createOutbox(log: FastifyBaseLogger, dataDir = ':memory:'): SmsProvider & { entries: OutboxEntry[] } {
  const entries: OutboxEntry[] = [];
  boxes.add(entries);
  return {
    kind: 'outbox',
    entries,
    async sendCode(mobile, code) {
      entries.push({ mobile, code, time: Date.now() });
      if (entries.length > KEEP) entries.shift();
      log.warn({ sms: { mobile, code } }, `SMS outbox: code ${code} for ${mobile}`);
      if (dataDir !== ':memory:') {
        await appendFile(path.join(dataDir, 'sms-outbox.log'), `${JSON.stringify({ mobile, code, time: Date.now() })}\n`).catch(() => undefined);
      }
    },
  };
}

/** The latest code sent to a mobile by any outbox of this process (tests only). */
export function lastOutboxCode(mobile: string): string | undefined {
  let best: OutboxEntry | undefined;
  for (const box of boxes) for (const e of box) if (e.mobile === mobile && (!best || e.time >= best.time)) best = e;
  return best?.code;
}
