import { type Db, type Tx, contains, schema } from '@exam/server-kit';
import { and, count, desc, eq, inArray, notInArray, type SQL } from 'drizzle-orm';
import { catJoin } from '../course/course-repository';

/* Coursewares (the library), and the live settings their live streams play with. */
const { elCourseFile, elCourseRef, sysConfigProp, sysDicValue } = schema;
export type FileRecord = typeof elCourseFile.$inferSelect;
export type FileParams = { title?: string; fileType?: number; state?: number; excludes?: string[]; catId?: string };

export async function fileById(db: Db | Tx, id: string): Promise<FileRecord | undefined> {
  const [f] = await db.select().from(elCourseFile).where(eq(elCourseFile.id, id));
  return f;
}

export function filesByIds(db: Db | Tx, ids: string[]) {
  return db.select().from(elCourseFile).where(inArray(elCourseFile.id, ids));
}

/** A courseware with its catalog title. */
export async function fileWithCatalog(db: Db, id: string) {
  const [row] = await db
    .select({ f: elCourseFile, cat: sysDicValue.title })
    .from(elCourseFile)
    .leftJoin(sysDicValue, catJoin(elCourseFile.catId))
    .where(eq(elCourseFile.id, id));
  return row;
}

const fileCond = (p: FileParams) =>
  and(
    p.title ? contains(elCourseFile.title, p.title) : undefined,
    p.fileType ? eq(elCourseFile.fileType, p.fileType) : undefined,
    p.state !== undefined ? eq(elCourseFile.state, p.state) : undefined,
    p.catId ? eq(elCourseFile.catId, p.catId) : undefined,
    p.excludes?.length ? notInArray(elCourseFile.id, p.excludes) : undefined,
  ) as SQL | undefined;

/** The library's rows with their catalog titles, newest first. */
export function fileRows(db: Db, p: FileParams, limit: number, offset: number) {
  return db
    .select({ f: elCourseFile, cat: sysDicValue.title })
    .from(elCourseFile)
    .leftJoin(sysDicValue, catJoin(elCourseFile.catId))
    .where(fileCond(p))
    .orderBy(desc(elCourseFile.createTime), desc(elCourseFile.id))
    .limit(limit)
    .offset(offset);
}

export async function fileCount(db: Db, p: FileParams): Promise<number> {
  return Number((await db.select({ n: count() }).from(elCourseFile).where(fileCond(p)))[0].n);
}

export async function insertFile(db: Db | Tx, row: typeof elCourseFile.$inferInsert) {
  await db.insert(elCourseFile).values(row);
}

export async function updateFile(db: Db, id: string, set: Partial<FileRecord>): Promise<FileRecord> {
  const [f] = await db.update(elCourseFile).set(set).where(eq(elCourseFile.id, id)).returning();
  return f;
}

/** How many course entries use these coursewares. */
export async function refCount(db: Db, fileIds: string[]): Promise<number> {
  return Number((await db.select({ n: count() }).from(elCourseRef).where(inArray(elCourseRef.fileId, fileIds)))[0].n);
}

/** Deletes coursewares; answers the stored files of those that were there. */
export function deleteFiles(db: Db, ids: string[]) {
  return db.delete(elCourseFile).where(inArray(elCourseFile.id, ids)).returning({
    id: elCourseFile.id,
    srcKey: elCourseFile.srcKey,
    mediaKind: elCourseFile.mediaKind,
    mediaKey: elCourseFile.mediaKey,
  });
}

/** The live config in use (the system service's live settings), if any. */
export async function liveConfig(db: Db) {
  const [row] = await db
    .select({ data: sysConfigProp.data })
    .from(sysConfigProp)
    .where(and(eq(sysConfigProp.type, 'live'), eq(sysConfigProp.current, true)));
  return row?.data;
}
