import { type Db, schema } from '@exam/server-kit';
import { and, desc, eq, isNull } from 'drizzle-orm';

const { certKey } = schema;
export type KeyRow = typeof certKey.$inferSelect;

/** The platform's credential signing keys (owner: the cert service). */
export function keyRepository(db: Db) {
  return {
    /** Unretired keys, newest first: the first signs, all are published. */
    live: (): Promise<KeyRow[]> =>
      db.select().from(certKey).where(isNull(certKey.retireTime)).orderBy(desc(certKey.createTime), desc(certKey.kid)),
    all: (): Promise<KeyRow[]> => db.select().from(certKey).orderBy(desc(certKey.createTime), desc(certKey.kid)),
    insert: (row: Pick<KeyRow, 'kid' | 'publicJwk' | 'privatePem'>) => db.insert(certKey).values(row),
    retire: async (kid: string) =>
      (
        await db
          .update(certKey)
          .set({ retireTime: new Date() })
          .where(and(eq(certKey.kid, kid), isNull(certKey.retireTime)))
          .returning({ kid: certKey.kid })
      ).length > 0,
  };
}
