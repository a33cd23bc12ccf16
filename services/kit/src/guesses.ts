import { timingSafeEqual } from 'node:crypto';
import { tooMany } from './errors';
import type { KeyValue } from './infra';

/**
 * Limits on guessing a secret (sign-in passwords, exam and course passwords): within the window, a captcha
 * from the 4th try of an account (where the caller has one), refusal after 10 tries of an account or 50 from
 * one address (docs/decisions.md "Sign-in limits").
 */
export const GUESS_LIMITS = { captchaAfter: 3, perAccount: 10, perIp: 50, windowSec: 900 };

/** The scopes of guessed secrets: each password-like field a caller sends is counted under one of these. */
export const GuessScope = {
  LOGIN: 'loginfail',
  OAUTH: 'oauthfail',
  FACE_LOGIN: 'facefail',
  EXAM_PASSWORD: 'exampass',
  COURSE_PASSWORD: 'coursepass',
} as const;

const keys = (scope: string, account: string, ip: string) => [`${scope}:u:${account}`, `${scope}:ip:${ip}`] as const;

/**
 * Counts one guess against the account and the address before the secret is compared, each in one
 * atomic increment, so parallel guesses get distinct numbers and none slips past a limit. Throws 429
 * over a limit; otherwise returns the account's try number in the window.
 */
export async function countGuess(
  kv: KeyValue,
  scope: string,
  account: string,
  ip: string,
  refusal: string,
): Promise<number> {
  const [accountKey, ipKey] = keys(scope, account, ip);
  const [tries, fromIp] = await Promise.all([
    kv.incr(accountKey, GUESS_LIMITS.windowSec),
    kv.incr(ipKey, GUESS_LIMITS.windowSec),
  ]);
  if (tries > GUESS_LIMITS.perAccount || fromIp > GUESS_LIMITS.perIp) throw tooMany(refusal);
  return tries;
}

/** A right guess: the account starts over and the address gets its slot back (a classroom behind one address). */
export async function rightGuess(kv: KeyValue, scope: string, account: string, ip: string): Promise<void> {
  const [accountKey, ipKey] = keys(scope, account, ip);
  await Promise.all([kv.del(accountKey), kv.decr(ipKey)]);
}

/** Compares a guessed secret with the stored one in constant time (the length aside). */
export function sameSecret(guess: string, secret: string): boolean {
  const x = Buffer.from(guess);
  const y = Buffer.from(secret);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * One guess at a plain secret that guards something (an exam's or a course's password): counted first
 * (429 over the limit, even for the right secret, until the window passes), compared in constant time, and
 * a right one gives the slot back. `account` is who guesses what, e.g. `<user>:<course>`.
 */
export async function guessSecret(
  kv: KeyValue,
  scope: string,
  who: { account: string; ip: string },
  guess: string,
  secret: string,
  refusal: string,
): Promise<boolean> {
  await countGuess(kv, scope, who.account, who.ip, refusal);
  const right = sameSecret(guess, secret);
  if (right) await rightGuess(kv, scope, who.account, who.ip);
  return right;
}
