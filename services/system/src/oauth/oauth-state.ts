import { createHash, randomBytes } from 'node:crypto';
import type { OauthType } from '@exam/contracts';
import type { KeyValue } from '@exam/server-kit';

/** A sign-in or binding under way: 10 minutes, the longest a provider keeps its code (WeChat). */
export const STATE_TTL_SEC = 600;
/** The callback's hand-over to /pages/login/sync: long enough for one page load. */
export const TICKET_TTL_SEC = 60;

export type StateRecord = {
  type: OauthType;
  intent: 'login' | 'bind';
  /** bind: who asked (signed in when the flow started). */
  userId?: string;
  /** sha256 of the nonce in this browser's cookie: a state carried to another browser is refused. */
  nonceHash: string;
  /** The site host the flow started on (checked against the allow-list then) and where to go afterwards. */
  origin: string;
  redirect: string;
};

const hash = (v: string) => createHash('sha256').update(v).digest('base64url');
const random = () => randomBytes(32).toString('base64url');

/**
 * States and tickets in the key-value store (Redis, or in process): only their hashes are keys, each is
 * taken once (`delIfEquals` lets one of two parallel callbacks win) and lapses on its own.
 */
export function oauthStates(kv: KeyValue) {
  async function take(key: string): Promise<string | undefined> {
    const v = await kv.get(key);
    return v !== null && (await kv.delIfEquals(key, v)) ? v : undefined;
  }
  return {
    hashNonce: hash,
    /** A new state and the nonce for the browser's cookie. */
    async create(rec: Omit<StateRecord, 'nonceHash'>): Promise<{ state: string; nonce: string }> {
      const state = random();
      const nonce = random();
      await kv.set(`oauth:state:${hash(state)}`, JSON.stringify({ ...rec, nonceHash: hash(nonce) }), STATE_TTL_SEC);
      return { state, nonce };
    },
    async consume(state: string): Promise<StateRecord | undefined> {
      if (!state || state.length > 128) return undefined;
      const v = await take(`oauth:state:${hash(state)}`);
      return v ? (JSON.parse(v) as StateRecord) : undefined;
    },
    async ticket(token: string): Promise<string> {
      const ticket = random();
      await kv.set(`oauth:ticket:${hash(ticket)}`, token, TICKET_TTL_SEC);
      return ticket;
    },
    redeem: (ticket: string) => take(`oauth:ticket:${hash(ticket)}`),
  };
}
