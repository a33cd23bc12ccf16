import { type Db, schema } from '@exam/server-kit';
import { eq } from 'drizzle-orm';

const { elCourseHlsKey } = schema;

/** The AES key of a courseware's encrypted HLS (written by its transcode), if it has one. */
export async function hlsKeyOf(db: Db, fileId: string) {
  const [row] = await db.select().from(elCourseHlsKey).where(eq(elCourseHlsKey.fileId, fileId));
  return row;
}
