import type { Db, Tx } from './client';
import { sysSeed } from './schema';

/** Runs a seed once per database, in one transaction with its marker. */
export async function seedOnce(db: Db, name: string, fn: (tx: Tx) => Promise<void>) {
  await db.transaction(async (tx) => {
    const inserted = await tx.insert(sysSeed).values({ name }).onConflictDoNothing().returning();
    if (inserted.length) await fn(tx);
  });
}
