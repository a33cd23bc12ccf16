import { CourseFileState } from '@exam/contracts';
import { type Db, schema } from '@exam/server-kit';
import { and, eq } from 'drizzle-orm';

/* Transcoding: its outcome on a courseware (state, media, HLS key) and the storage settings it works with. */
const { elCourseFile, elCourseHlsKey } = schema;

export type Output = {
  duration: number;
  mediaKind: string;
  mediaKey: string;
  key: { keyHex: string; ivHex: string } | null;
};

/** Marks a courseware still transcoding as ready with its output (and HLS key), in one transaction; false when it no longer waits. */
export async function recordOutput(db: Db, fileId: string, out: Output): Promise<boolean> {
  return db.transaction(async (tx) => {
    const done = await tx
      .update(elCourseFile)
      .set({
        state: CourseFileState.NORMAL,
        stateMsg: '',
        duration: out.duration,
        mediaKind: out.mediaKind,
        mediaKey: out.mediaKey,
        updateTime: new Date(),
      })
      .where(and(eq(elCourseFile.id, fileId), eq(elCourseFile.state, CourseFileState.TRANSCODING)))
      .returning({ id: elCourseFile.id });
    if (done.length && out.key)
      await tx
        .insert(elCourseHlsKey)
        .values({ fileId, ...out.key })
        .onConflictDoUpdate({ target: elCourseHlsKey.fileId, set: out.key });
    return done.length > 0;
  });
}

export async function markFailed(db: Db, fileId: string, stateMsg: string) {
  await db
    .update(elCourseFile)
    .set({ state: CourseFileState.FAILED, stateMsg, updateTime: new Date() })
    .where(eq(elCourseFile.id, fileId));
}
