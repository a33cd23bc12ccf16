import { type Db, type Tx, contains, schema } from '@exam/server-kit';
import { type SQL, and, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';

const { elRepo, elRepoJoin, elQu, elExam, elExamRule, sysDicValue } = schema;
type RepoFields = Omit<typeof elRepo.$inferInsert, 'id' | 'createBy' | 'createTime' | 'quCount'>;
/** Bank filters: a title part, catalogue values (a catalogue and its sub-catalogues), banks left out. */
export type RepoFilter = { title?: string; catIds?: string[]; excludes?: string[] };

/** The catalogue title next to catId (dictionary repo_catalog). */
export const catJoin = () => and(eq(sysDicValue.dicCode, 'repo_catalog'), eq(sysDicValue.value, elRepo.catId));

/** The filter's conditions on el_repo (the learner lists add their own). */
export const repoFilter = (f: RepoFilter): SQL | undefined =>
  and(
    f.title ? contains(elRepo.title, f.title) : undefined,
    f.catIds ? inArray(elRepo.catId, f.catIds) : undefined,
    f.excludes?.length ? notInArray(elRepo.id, f.excludes) : undefined,
  );

/** The repo_catalog dictionary's values as a tree (parentId: row ids). */
export const catalogValues = (db: Db) => {
  const v = sysDicValue;
  return db.select({ id: v.id, parentId: v.parentId, value: v.value }).from(v).where(eq(v.dicCode, 'repo_catalog'));
};

export const repoRows = (db: Db, f: RepoFilter, limit: number, offset: number) =>
  db
    .select({ r: elRepo, cat: sysDicValue.title })
    .from(elRepo)
    .leftJoin(sysDicValue, catJoin())
    .where(repoFilter(f))
    .orderBy(desc(elRepo.createTime), desc(elRepo.id))
    .limit(limit)
    .offset(offset);

export const repoCount = async (db: Db, f: RepoFilter) =>
  Number((await db.select({ n: count() }).from(elRepo).where(repoFilter(f)))[0].n);

/** A bank with its catalogue title. */
export const repoWithCat = async (db: Db, id: string) =>
  (
    await db
      .select({ r: elRepo, cat: sysDicValue.title })
      .from(elRepo)
      .leftJoin(sysDicValue, catJoin())
      .where(eq(elRepo.id, id))
  )[0];

export const repoExists = async (db: Db | Tx, id: string) =>
  (await db.select({ id: elRepo.id }).from(elRepo).where(eq(elRepo.id, id))).length > 0;

/** A bank and whether the learner joined it. */
export const repoWithJoin = async (db: Db | Tx, userId: string, repoId: string) =>
  (
    await db
      .select({ r: elRepo, joined: elRepoJoin.userId })
      .from(elRepo)
      .leftJoin(elRepoJoin, and(eq(elRepoJoin.repoId, elRepo.id), eq(elRepoJoin.userId, userId)))
      .where(eq(elRepo.id, repoId))
  )[0];

/** Top-level questions of a bank counted by type and level. */
export const typeLevelCounts = (db: Db, repoId: string) =>
  db
    .select({ quType: elQu.quType, level: elQu.level, n: count() })
    .from(elQu)
    .where(and(eq(elQu.repoId, repoId), eq(elQu.parentId, '')))
    .groupBy(elQu.quType, elQu.level);

/** The bank's row, or undefined when it is gone. */
export const updateRepo = async (db: Db, id: string, values: RepoFields) =>
  (await db.update(elRepo).set(values).where(eq(elRepo.id, id)).returning({ id: elRepo.id }))[0];

export const insertRepo = (db: Db, row: RepoFields & { id: string; createBy: string }) => db.insert(elRepo).values(row);

export const deleteRepos = (tx: Tx, ids: string[]) => tx.delete(elRepo).where(inArray(elRepo.id, ids));

/**
 * The title of an exam whose paper rules draw from one of these banks (random groups list banks in
 * repo_ids), or null. Fixed-question groups hold question ids: deleting the bank would empty them too,
 * so those count as well.
 */
export async function examUsingRepos(tx: Tx, ids: string[]): Promise<string | null> {
  const rule = elExamRule;
  const [byBank] = await tx
    .select({ title: elExam.title })
    .from(rule)
    .innerJoin(elExam, eq(elExam.id, rule.examId))
    .where(
      sql`${rule.repoIds} ?| array[${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )}]::text[]`,
    )
    .limit(1);
  if (byBank) return byBank.title;
  const [byQu] = await tx
    .select({ title: elExam.title })
    .from(rule)
    .innerJoin(elExam, eq(elExam.id, rule.examId))
    .where(sql`exists (select 1 from ${elQu} where ${elQu.repoId} in ${ids} and ${rule.quIds} ? ${elQu.id})`)
    .limit(1);
  return byQu?.title ?? null;
}
