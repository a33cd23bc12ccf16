import argon2 from 'argon2';

// OWASP's argon2id profile: 19 MiB, 2 passes, 1 lane — safe and quick enough for sign-in bursts.
const OPTS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (plain: string) => argon2.hash(plain, OPTS);

export async function verifyPassword(hash: string | null | undefined, plain: string): Promise<boolean> {
  if (!hash) {
    // Same work for unknown accounts, so timing does not tell which names exist.
    await argon2.hash(plain, OPTS);
    return false;
  }
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}
