import { randomBytes } from 'node:crypto';

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed from paper is not mistaken. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** A certificate's public verification code: 128 random bits in 26 base32 characters (not guessable, not sequential). */
export function newCertCode(): string {
  let bits = 0n;
  for (const b of randomBytes(16)) bits = (bits << 8n) | BigInt(b);
  let out = '';
  for (let i = 0; i < 26; i++) {
    out = ALPHABET[Number(bits & 31n)] + out;
    bits >>= 5n;
  }
  return out;
}

/** A code as typed (any case, stray spaces) in its stored form, or null when it cannot be one. */
export function normalizeCode(s: string): string | null {
  const c = s.trim().toUpperCase();
  return CODE.test(c) ? c : null;
}

/** The holder's name as the public page shows it: 张*三, 张*, 欧**明. */
export function maskName(name: string): string {
  const cs = [...name.trim()];
  if (cs.length <= 1) return '*';
  if (cs.length === 2) return `${cs[0]}*`;
  return `${cs[0]}${'*'.repeat(cs.length - 2)}${cs[cs.length - 1]}`;
}

/** A certificate number: prefix, the grant year if wanted, the rule's sequence padded to `digits` (AQ-2026000001). */
export function certNumber(
  rule: { numPrefix: string; numYear: boolean; numDigits: number },
  seq: number,
  year: string,
): string {
  return `${rule.numPrefix}${rule.numYear ? year : ''}${String(seq).padStart(rule.numDigits, '0')}`;
}
