import { tooMany } from './errors';
import type { KeyValue } from './infra';

/**
 * Limits on guessing a secret (sign-in passwords, exam passwords): within the window, a captcha from the
 * 4th try of an account (where the caller has one), refusal after 10 tries of an account or 50 from one
 * address (docs/decisions.md "Sign-in limits").
 */
export const GUESS_LIMITS = { captchaAfter: 3, perAccount: 10, perIp: 50, windowSec: 900 };

const keys = (scope: string, account: string, ip: string) => [`${scope}:u:${account}`, `${scope}:ip:${ip}`] as const;

/**
 * Counts one guess against the account and the address before the secret is compared, each in one
 * atomic increment, so parallel guesses get distinct numbers and none slips past a limit. Throws 429
 * over a limit; otherwise returns the account's try number in the window.
 */
export async function countGuess(kv: KeyValue, scope: string, account: string, ip: string, refusal: string): Promise<number> {
  const [accountKey, ipKey] = keys(scope, account, ip);
  const [tries, fromIp] = await Promise.all([kv.incr(accountKey, GUESS_LIMITS.windowSec), kv.incr(ipKey, GUESS_LIMITS.windowSec)]);
  if (tries > GUESS_LIMITS.perAccount || fromIp > GUESS_LIMITS.perIp) throw tooMany(refusal);
  return tries;
}

/** A right guess: the account starts over and the address gets its slot back (a classroom behind one address). */
export async function rightGuess(kv: KeyValue, scope: string, account: string, ip: string): Promise<void> {
  const [accountKey, ipKey] = keys(scope, account, ip);
  await Promise.all([kv.del(accountKey), kv.decr(ipKey)]);
}
