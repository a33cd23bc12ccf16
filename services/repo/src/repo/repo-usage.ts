import { type Tx, schema } from '@exam/server-kit';
import { eq, sql } from 'drizzle-orm';

/**
 * The title of an exam whose paper rules draw from one of these banks (random groups list banks in
 * repo_ids), or null. Fixed-question groups hold question ids: deleting the bank would empty them too,
 * so those count as well.
 */
export async function examUsingRepos(tx: Tx, ids: string[]): Promise<string | null> {
  const { elExamRule: rule, elExam, elQu } = schema;
  const [byBank] = await tx.select({ title: elExam.title }).from(rule).innerJoin(elExam, eq(elExam.id, rule.examId))
    .where(sql`${rule.repoIds} ?| array[${sql.join(ids.map((i) => sql`${i}`), sql`, `)}]::text[]`).limit(1);
  if (byBank) return byBank.title;
  const [byQu] = await tx.select({ title: elExam.title }).from(rule).innerJoin(elExam, eq(elExam.id, rule.examId))
    .where(sql`exists (select 1 from ${elQu} where ${elQu.repoId} in ${ids} and ${rule.quIds} ? ${elQu.id})`).limit(1);
  return byQu?.title ?? null;
}
