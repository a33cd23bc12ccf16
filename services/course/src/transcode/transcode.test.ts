import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { schema } from '@exam/server-kit';
import { call } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { eq } from 'drizzle-orm';
import { type Ctx, courseTestApp, fetchMedia, saveCourse, upload, useTempStorage } from '../testing/fixture';
import { makeVideo } from '../testing/video';

let ctx: Ctx;
let dir: string;
let video: Buffer;
let storageDir: string;
beforeAll(async () => {
  ctx = await courseTestApp();
  storageDir = await useTempStorage(ctx.app);
  dir = await mkdtemp(join(tmpdir(), 'course-video-'));
  video = await makeVideo(dir);
}, 60_000);
afterAll(() => ctx.app.close());

const fileRow = async (id: string) =>
  (await ctx.app.db.select().from(schema.elCourseFile).where(eq(schema.elCourseFile.id, id)))[0];
async function settle(id: string) {
  for (let i = 0; i < 300; i++) {
    const f = await fileRow(id);
    if (f.state !== 1) return f;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('transcoding did not finish');
}
const setEncode = (data: Record<string, string>) =>
  ctx.app.db
    .update(schema.sysConfigProp)
    .set({ data: { localDir: storageDir, ...data } })
    .where(eq(schema.sysConfigProp.type, 'upload'));
const listFiles = async (d: string): Promise<string[]> =>
  (await readdir(d, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));

describe('video transcoding', () => {
  it('turns an mp4 into AES-128 HLS: state 1 then 0, duration from ffprobe, key only in the database', async () => {
    const up = await upload(ctx.app, ctx.admin, '安全视频.mp4', video);
    expect(up.body.data).toMatchObject({ fileType: 11, state: 1 });
    const f = await settle(up.body.data.id);
    expect(f).toMatchObject({ state: 0, stateMsg: '', duration: 4, mediaKind: 'hls' });
    const [key] = await ctx.app.db.select().from(schema.elCourseHlsKey).where(eq(schema.elCourseHlsKey.fileId, f.id));
    expect(key.keyHex).toMatch(/^[0-9a-f]{32}$/);
    // Nothing in storage holds the key.
    for (const p of await listFiles(storageDir))
      expect((await readFile(p)).includes(Buffer.from(key.keyHex, 'hex'))).toBe(false);

    const course = await saveCourse(ctx, { title: '视频课程', fileRefs: [{ fileId: f.id }] });
    const viewUrl = (await call(ctx.app, '/api/course/file/detail', { id: f.id, courseId: course }, ctx.learner)).body
      .data.viewUrl as string;
    expect(viewUrl).toMatch(/\/index\.m3u8$/);
    const list = await fetchMedia(ctx.app, viewUrl, ctx.learner);
    expect(list.status).toBe(200);
    const keyUrl = viewUrl.replace('index.m3u8', 'key');
    expect(list.text).toContain(`#EXT-X-KEY:METHOD=AES-128,URI="${keyUrl}"`);
    expect(list.text).toMatch(/seg-0\.ts/);
    const got = await fetchMedia(ctx.app, keyUrl, ctx.learner);
    expect(got.body.toString('hex')).toBe(key.keyHex);
    expect((await fetchMedia(ctx.app, keyUrl, ctx.learner2)).status).toBe(403);
    expect((await fetchMedia(ctx.app, keyUrl.replace(/[0-9a-f]{64}/, '0'.repeat(64)))).status).toBe(403);
    expect((await fetchMedia(ctx.app, viewUrl.replace('index.m3u8', 'seg-0.ts'))).status).toBe(200);
    expect((await fetchMedia(ctx.app, viewUrl.replace('index.m3u8', 'seg-99.ts'))).status).toBe(404);
  });

  it('follows the storage config: plain HLS, or mp4 at a quality', async () => {
    await setEncode({ encodeType: 'ffmpeg', videoEncode: 'm3u8', videoQuality: '480p' });
    const hls = await settle((await upload(ctx.app, ctx.admin, 'plain.mp4', video)).body.data.id);
    expect(hls.mediaKind).toBe('hls');
    expect(
      await ctx.app.db.select().from(schema.elCourseHlsKey).where(eq(schema.elCourseHlsKey.fileId, hls.id)),
    ).toHaveLength(0);
    await setEncode({ encodeType: 'ffmpeg', videoEncode: 'mp4', videoQuality: '480p' });
    const mp4 = await settle((await upload(ctx.app, ctx.admin, 'mp4.mp4', video)).body.data.id);
    expect(mp4).toMatchObject({ state: 0, mediaKind: 'mp4', duration: 4 });
    expect(mp4.mediaKey).not.toBe(mp4.srcKey);
    await setEncode({ encodeType: 'none' });
    const raw = await settle((await upload(ctx.app, ctx.admin, 'raw.mp4', video)).body.data.id);
    expect(raw).toMatchObject({ state: 0, mediaKind: 'mp4', duration: 4 });
    expect(raw.mediaKey).toBe(raw.srcKey);
    await setEncode({});
  });

  it('takes only known transcoding settings in the storage config', async () => {
    const save = (data: object) =>
      call(
        ctx.app,
        '/api/sys/config/prop/save',
        { type: 'upload', provider: 'local', data: { localDir: `${storageDir}/`, ...data } },
        ctx.admin,
      );
    expect((await save({ videoEncode: 'avi' })).body.msg).toBe('视频格式不正确！');
    expect((await save({ videoQuality: '8k' })).body.msg).toBe('视频清晰度不正确！');
    expect((await save({ encodeType: 'magic' })).body.msg).toBe('转码方式不正确！');
    expect((await save({ encodeType: 'ffmpeg', videoEncode: 'm3u8_encode', videoQuality: '720p' })).body.msg).toBe(
      '操作成功！',
    );
  });

  it('marks a video ffmpeg cannot read as failed (state 2) with the reason', async () => {
    // An mp4 header (so the upload check passes) followed by garbage.
    const broken = Buffer.concat([video.subarray(0, 64), Buffer.alloc(4096, 0x5a)]);
    const up = await upload(ctx.app, ctx.admin, 'broken.mp4', broken);
    expect(up.status).toBe(200);
    const f = await settle(up.body.data.id);
    expect(f.state).toBe(2);
    expect(f.stateMsg).toMatch(/^转码失败：/);
    const row = (
      await call(ctx.app, '/api/course/file/paging', { current: 1, size: 10, params: { title: 'broken' } }, ctx.admin)
    ).body.data.records[0];
    expect(row).toMatchObject({ state: 2, state_dictText: '转码失败' });
    expect(
      (
        await call(
          ctx.app,
          '/api/course/course/save',
          { title: 'x', openType: 1, fileRefs: [{ fileId: f.id }] },
          ctx.admin,
        )
      ).body.msg,
    ).toBe('只能选择状态正常的课件！');
  });

  it('lets an outside HLS client (ffmpeg) play with a play token, and not without one', async () => {
    const f = (await ctx.app.db.select().from(schema.elCourseFile).where(eq(schema.elCourseFile.mediaKind, 'hls')))[0];
    const [key] = await ctx.app.db.select().from(schema.elCourseHlsKey).where(eq(schema.elCourseHlsKey.fileId, f.id));
    expect(key).toBeTruthy();
    const course = await saveCourse(ctx, { title: '外部播放', fileRefs: [{ fileId: f.id }] });
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const viewUrl = (await call(ctx.app, '/api/course/file/detail', { id: f.id, courseId: course }, ctx.learner)).body
      .data.viewUrl as string;
    const play = (input: string) =>
      promisify(execFile)('ffmpeg', [
        '-nostdin',
        '-v',
        'error',
        '-xerror',
        '-allowed_extensions',
        'ALL',
        '-protocol_whitelist',
        'file,http,tcp,crypto',
        '-i',
        input,
        '-f',
        'null',
        '-',
      ]);
    await expect(play(`${address}${viewUrl}`)).resolves.toBeTruthy();
    // The same playlist saved outside: plays while its key uri holds the token, fails once the token is taken out.
    const text = (await fetchMedia(ctx.app, viewUrl)).text
      .replace(/^seg-/gm, `${address}${viewUrl.replace('index.m3u8', '')}seg-`)
      .replace(/URI="\//, `URI="${address}/`);
    const copy = join(dir, 'copy.m3u8');
    await writeFile(copy, text);
    await expect(play(copy)).resolves.toBeTruthy();
    const stolen = join(dir, 'stolen.m3u8');
    await writeFile(stolen, text.replace(/\/play\/[0-9a-f]{64}\/key/, `/play/${'0'.repeat(64)}/key`));
    await expect(play(stolen)).rejects.toThrow();
  }, 60_000);
});
