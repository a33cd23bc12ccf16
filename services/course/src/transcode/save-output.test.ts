import { CourseFileState } from '@exam/contracts';
import { schema, newStorageKey, storageNamed } from '@exam/server-kit';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { eq } from 'drizzle-orm';
import { type Ctx, addFile, courseTestApp } from '../testing/fixture';
import { segmentKey, storedKey } from './media-keys';
import { saveOutput } from './transcode-job';

let ctx: Ctx;
beforeAll(async () => {
  ctx = await courseTestApp();
}, 60_000);
afterAll(() => ctx.app.close());

const local = () => storageNamed(ctx.app.db, ctx.app.config.dataDir, 'local');
/** An HLS output as the job stores it: two segments and the playlist naming them. */
async function hlsOutput() {
  const s = await local();
  const playlist = newStorageKey('m3u8', `${Math.random().toString(16).slice(2, 10).padEnd(28, '0')}ffff`);
  const segs = [0, 1].map((n) => segmentKey(playlist, n));
  for (const k of segs) await s.put(k, { body: Buffer.from('ts'), size: 2, contentType: 'video/mp2t' });
  const text = Buffer.from('#EXTM3U\n#EXTINF:6.0,\nseg-0.ts\n#EXTINF:6.0,\nseg-1.ts\n#EXT-X-ENDLIST\n');
  await s.put(playlist, { body: text, size: text.length, contentType: 'application/vnd.apple.mpegurl' });
  return { mediaKey: storedKey('local', playlist), keys: [playlist, ...segs] };
}
const key = { keyHex: '00'.repeat(16), ivHex: '11'.repeat(16) };

describe('saving a transcode', () => {
  it('marks the waiting courseware ready with its key', async () => {
    const id = await addFile(ctx.app, { state: CourseFileState.TRANSCODING, mediaKind: '', mediaKey: '' });
    const out = await hlsOutput();
    expect(
      await saveOutput(
        ctx.app.db,
        ctx.app.config.dataDir,
        { id, srcKey: '' },
        { duration: 12, mediaKind: 'hls', mediaKey: out.mediaKey, key },
      ),
    ).toBe(true);
    const [f] = await ctx.app.db.select().from(schema.elCourseFile).where(eq(schema.elCourseFile.id, id));
    expect(f).toMatchObject({ state: CourseFileState.NORMAL, duration: 12, mediaKind: 'hls', mediaKey: out.mediaKey });
    expect(
      await ctx.app.db.select().from(schema.elCourseHlsKey).where(eq(schema.elCourseHlsKey.fileId, id)),
    ).toHaveLength(1);
    for (const k of out.keys) expect(await (await local()).size(k)).not.toBeNull();
  });

  it('removes the output of a courseware deleted while it was transcoding, and stores no key', async () => {
    const out = await hlsOutput();
    expect(
      await saveOutput(
        ctx.app.db,
        ctx.app.config.dataDir,
        { id: 'gone', srcKey: '' },
        { duration: 12, mediaKind: 'hls', mediaKey: out.mediaKey, key },
      ),
    ).toBe(false);
    for (const k of out.keys) expect(await (await local()).size(k)).toBeNull();
    expect(
      await ctx.app.db.select().from(schema.elCourseHlsKey).where(eq(schema.elCourseHlsKey.fileId, 'gone')),
    ).toHaveLength(0);
  });

  it('keeps what an earlier run already saved: a second output of a ready courseware is dropped', async () => {
    const first = await hlsOutput();
    const id = await addFile(ctx.app, { mediaKind: 'hls', mediaKey: first.mediaKey });
    const second = await hlsOutput();
    expect(
      await saveOutput(
        ctx.app.db,
        ctx.app.config.dataDir,
        { id, srcKey: '' },
        { duration: 12, mediaKind: 'hls', mediaKey: second.mediaKey, key },
      ),
    ).toBe(false);
    const [f] = await ctx.app.db.select().from(schema.elCourseFile).where(eq(schema.elCourseFile.id, id));
    expect(f.mediaKey).toBe(first.mediaKey);
    for (const k of first.keys) expect(await (await local()).size(k)).not.toBeNull();
    for (const k of second.keys) expect(await (await local()).size(k)).toBeNull();
  });
});
