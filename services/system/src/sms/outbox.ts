import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsProvider } from './sms-provider';

export type OutboxEntry = { mobile: string; code: string; time: number };

const KEEP = 200;
const boxes = new Set<OutboxEntry[]>();

/**
 * The demo's SMS "provider" (config `smsOutbox`, on by default only in the embedded mode): nothing leaves
 * the machine. The code is appended to `<dataDir>/sms-outbox.log`, where the operator of a demo and the
 * browser tests read it, and kept in memory for unit tests (`lastOutboxCode`). It is never written to the
 * server log: logs are shipped and kept, a code in them is a sign-in.
 */
export function createOutbox(log: FastifyBaseLogger, dataDir = ':memory:'): SmsProvider & { entries: OutboxEntry[] } {
  const entries: OutboxEntry[] = [];
  boxes.add(entries);
  const file = dataDir === ':memory:' ? '' : path.join(dataDir, 'sms-outbox.log');
  return {
    kind: 'outbox',
    entries,
    async sendCode(mobile, code) {
      entries.push({ mobile, code, time: Date.now() });
      if (entries.length > KEEP) entries.shift();
      log.info(
        { sms: { mobile: maskMobile(mobile) } },
        file ? `SMS outbox: a code for ${maskMobile(mobile)} is in ${file}` : 'SMS outbox: code kept in memory',
      );
      if (file)
        await appendFile(file, `${JSON.stringify({ mobile, code, time: Date.now() })}\n`).catch(() => undefined);
    },
  };
}

/** Without a provider or the demo outbox, codes cannot be sent: the request fails cleanly (502, 短信发送失败). */
export function noSmsProvider(log: FastifyBaseLogger): SmsProvider {
  log.warn('SMS: no SMS_PROVIDER and SMS_OUTBOX is off; verification codes cannot be sent');
  return {
    kind: 'none',
    async sendCode() {
      throw new Error('no SMS provider configured');
    },
  };
}

const maskMobile = (m: string) => (m.length > 7 ? `${m.slice(0, 3)}****${m.slice(-4)}` : '****');

/** The latest code sent to a mobile by any outbox of this process (tests only). */
export function lastOutboxCode(mobile: string): string | undefined {
  let best: OutboxEntry | undefined;
  for (const box of boxes) for (const e of box) if (e.mobile === mobile && (!best || e.time >= best.time)) best = e;
  return best?.code;
}
