import { schema, newStorageKey, storageNamed } from '@exam/server-kit';
import { call } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { samplePdf } from '../seed/sample-pdf';
import { type Ctx, addFile, courseTestApp, fetchMedia, saveCourse, upload } from '../testing/fixture';
import { parseStored, segmentKey, storedKey } from '../transcode/media-keys';

let ctx: Ctx;
beforeAll(async () => {
  ctx = await courseTestApp();
}, 60_000);
afterAll(() => ctx.app.close());

const F = '/api/course/file';
const pdf = samplePdf(['Page one', 'Page two', 'Page three']);

const local = () => storageNamed(ctx.app.db, ctx.app.config.dataDir, 'local');
/** Where a stored key (`provider:key`) is: its size, or null once removed. */
const sizeOf = async (stored: string) => (await local()).size(parseStored(stored)!.key);
const putLocal = async (ext: string, data: Buffer, key = newStorageKey(ext)) => {
  await (await local()).put(key, { body: data, size: data.length, contentType: 'application/octet-stream' });
  return storedKey('local', key);
};

describe('courseware library', () => {
  it('uploads a PDF (pages counted), lists it, and serves it only through a learner play token', async () => {
    const up = await upload(ctx.app, ctx.admin, '安全手册.pdf', pdf, { catId: 'safety' });
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({ fileType: 22, state: 0, title: '安全手册' });
    const id = up.body.data.id;
    const row = (
      await call(ctx.app, `${F}/paging`, { current: 1, size: 10, params: { title: '安全手册', state: 0 } }, ctx.admin)
    ).body.data.records[0];
    expect(row).toMatchObject({
      id,
      pageCount: 3,
      fileSize: pdf.length,
      fileType_dictText: 'PDF',
      catId_dictText: '安全生产',
      state_dictText: '正常',
    });
    const course = await saveCourse(ctx, {
      title: 'PDF课程',
      openType: 2,
      deptCodes: ['A01A01'],
      fileRefs: [{ fileId: id }],
    });

    const d = (await call(ctx.app, `${F}/detail`, { id, courseId: course }, ctx.learner)).body.data;
    expect(d.fileUrl).toMatch(/^\/api\/course\/play\/[0-9a-f]{64}\/file\.pdf$/);
    const got = await fetchMedia(ctx.app, d.fileUrl, ctx.learner);
    expect(got.status).toBe(200);
    expect(Buffer.compare(got.body, pdf)).toBe(0);
    // The token alone plays (a pdf.js worker or a native player sends no header); another user's session is refused.
    expect((await fetchMedia(ctx.app, d.fileUrl)).status).toBe(200);
    expect((await fetchMedia(ctx.app, d.fileUrl, ctx.learner2)).status).toBe(403);
    expect((await fetchMedia(ctx.app, d.fileUrl.replace(/[0-9a-f]{64}/, 'a'.repeat(64)))).status).toBe(403);
    expect((await fetchMedia(ctx.app, d.fileUrl.replace('file.pdf', '..%2F..%2Fetc%2Fpasswd'))).status).toBe(404);
    // learner2 is in another department: the course does not exist for them.
    expect((await call(ctx.app, `${F}/detail`, { id, courseId: course }, ctx.learner2)).status).toBe(404);
    expect((await call(ctx.app, `${F}/detail`, { id }, ctx.learner)).body.msg).toBe('请指定课程！');
    // A logout ends the play tokens issued in that session.
    const fresh = (await call(ctx.app, '/api/sys/user/login', { username: 'learner', password: 'Learner@2026' })).body
      .data.token;
    const url = (await call(ctx.app, `${F}/detail`, { id, courseId: course }, fresh)).body.data.fileUrl;
    await call(ctx.app, '/api/sys/user/logout', {}, fresh);
    expect((await fetchMedia(ctx.app, url)).status).toBe(403);
  });

  it('a play link stops with access: the course disabled, deleted or the courseware removed from it (issue 35)', async () => {
    const id = (await upload(ctx.app, ctx.admin, '撤销测试.pdf', pdf)).body.data.id;
    const course = await saveCourse(ctx, { title: '撤销课程', fileRefs: [{ fileId: id }] });
    const link = async () =>
      (await call(ctx.app, `${F}/detail`, { id, courseId: course }, ctx.learner)).body.data.fileUrl as string;
    const disabled = await link();
    expect((await fetchMedia(ctx.app, disabled)).status).toBe(200);
    expect((await call(ctx.app, '/api/course/course/state', { ids: [course], state: 1 }, ctx.admin)).status).toBe(200);
    expect((await fetchMedia(ctx.app, disabled)).status).toBe(404);
    // The refused link is gone for good, not merely refused while the course is off.
    await call(ctx.app, '/api/course/course/state', { ids: [course], state: 0 }, ctx.admin);
    expect((await fetchMedia(ctx.app, disabled)).status).toBe(403);

    const removed = await link();
    expect((await fetchMedia(ctx.app, removed)).status).toBe(200);
    await saveCourse(ctx, { id: course, title: '撤销课程', fileRefs: [] });
    expect((await fetchMedia(ctx.app, removed)).status).toBe(404);

    await saveCourse(ctx, { id: course, title: '撤销课程', fileRefs: [{ fileId: id }] });
    const deleted = await link();
    expect((await fetchMedia(ctx.app, deleted)).status).toBe(200);
    expect((await call(ctx.app, '/api/course/course/delete', { ids: [course] }, ctx.admin)).status).toBe(200);
    expect((await fetchMedia(ctx.app, deleted)).status).toBe(404);
  });

  it('keeps attachments as reference files of the course', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('s').addRow(['资料']);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const up = await upload(ctx.app, ctx.admin, '参考资料.xlsx', xlsx);
    expect(up.body.data).toMatchObject({ fileType: 44, state: 0 });
    const asAttach = await upload(ctx.app, ctx.admin, 'pdf附件.pdf', pdf, { fileType: '44', title: 'PDF 附件' });
    expect(asAttach.body.data).toMatchObject({ fileType: 44, title: 'PDF 附件' });
    const course = await saveCourse(ctx, {
      title: '附件课程',
      fileRefs: [{ fileId: up.body.data.id }, { fileId: asAttach.body.data.id }],
    });
    const refs = (await call(ctx.app, '/api/client/course/ref-file-list', { courseId: course }, ctx.learner)).body.data;
    expect(refs.map((r: { title: string }) => r.title)).toEqual(['参考资料', 'PDF 附件']);
    const got = await fetchMedia(ctx.app, refs[0].fileUrl, ctx.learner);
    expect(got.status).toBe(200);
    expect(got.body.length).toBe(xlsx.length);
    // Downloaded under the courseware's title and extension (RFC 5987), not the link's file.xlsx.
    expect(got.disposition).toBe(
      `attachment; filename="_.xlsx"; filename*=UTF-8''${encodeURIComponent('参考资料')}.xlsx`,
    );
    expect((await fetchMedia(ctx.app, refs[1].fileUrl, ctx.learner)).disposition).toBe(
      `attachment; filename="PDF _.pdf"; filename*=UTF-8''PDF%20${encodeURIComponent('附件')}.pdf`,
    );
    expect(
      (await call(ctx.app, '/api/client/course/ref-file-list', { courseId: course, title: 'PDF' }, ctx.learner)).body
        .data,
    ).toHaveLength(1);
    expect((await call(ctx.app, `${F}/delete`, { ids: [up.body.data.id] }, ctx.admin)).status).toBe(409);
  });

  it('refuses bad uploads, learners, and files in use', async () => {
    expect((await upload(ctx.app, ctx.admin, 'fake.pdf', Buffer.from('not a pdf at all'))).status).toBe(400);
    expect((await upload(ctx.app, ctx.admin, 'virus.exe', Buffer.from('MZ....'))).status).toBe(400);
    expect((await upload(ctx.app, ctx.admin, 'video.mp4', pdf)).status).toBe(400);
    const broken = Buffer.concat([pdf.subarray(0, 9), Buffer.from('garbage'.repeat(20))]);
    expect((await upload(ctx.app, ctx.admin, 'broken.pdf', broken)).status).toBe(400);
    expect((await upload(ctx.app, ctx.learner, 'a.pdf', pdf)).status).toBe(403);
    expect((await call(ctx.app, `${F}/paging`, { current: 1, size: 10 }, ctx.learner)).status).toBe(403);
    expect((await call(ctx.app, `${F}/save`, { title: '直播' }, ctx.admin)).body.msg).toBe('请上传课件文件！');
    expect(
      (await call(ctx.app, `${F}/save`, { title: '直播', fileType: 33, liveStream: 'a/b' }, ctx.admin)).status,
    ).toBe(400);
    expect((await call(ctx.app, `${F}/delete`, { ids: ['nope'] }, ctx.admin)).status).toBe(404);
  });

  it('builds a live courseware url from the live config', async () => {
    const id = (await call(ctx.app, `${F}/save`, { title: '直播课', fileType: 33, liveStream: 'room1' }, ctx.admin))
      .body.data.id;
    const course = await saveCourse(ctx, { title: '直播课程', fileRefs: [{ fileId: id }] });
    expect((await call(ctx.app, `${F}/detail`, { id, courseId: course }, ctx.learner)).body.data.viewUrl).toBe('');
    await ctx.app.db.insert(schema.sysConfigProp).values({
      id: 'live-1',
      type: 'live',
      provider: 'aliyun',
      current: true,
      data: { pullDomain: 'pull.example.com', pullKey: 'k1' },
    });
    const url = (await call(ctx.app, `${F}/detail`, { id, courseId: course }, ctx.learner)).body.data.viewUrl;
    expect(url).toMatch(/^https:\/\/pull\.example\.com\/live\/room1\.m3u8\?auth_key=\d+-0-0-[0-9a-f]{32}$/);
    expect(
      (
        await call(
          ctx.app,
          '/api/client/course/open-paging',
          { current: 1, size: 10, params: { title: '直播课程' } },
          ctx.learner,
        )
      ).body.data.records[0].liveCount,
    ).toBe(1);
  });

  it('serves an mp4 in byte ranges (206 / 416) to play-token holders only', async () => {
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
    const fileId = await addFile(ctx.app, { mediaKey: await putLocal('mp4', bytes) });
    const course = await saveCourse(ctx, { title: '分段视频', fileRefs: [{ fileId }] });
    const url = (await call(ctx.app, `${F}/detail`, { id: fileId, courseId: course }, ctx.learner)).body.data
      .viewUrl as string;
    expect(url).toMatch(/\/video\.mp4$/);
    const get = (range?: string, u = url) => ctx.app.inject({ method: 'GET', url: u, headers: range ? { range } : {} });

    const whole = await get();
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(Buffer.compare(whole.rawPayload, bytes)).toBe(0);
    const part = await get('bytes=100-199');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/1000');
    expect(part.headers['content-length']).toBe('100');
    expect(Buffer.compare(part.rawPayload, bytes.subarray(100, 200))).toBe(0);
    const tail = await get('bytes=-10');
    expect(tail.headers['content-range']).toBe('bytes 990-999/1000');
    expect(Buffer.compare(tail.rawPayload, bytes.subarray(990))).toBe(0);
    const past = await get('bytes=1000-');
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */1000');
    expect(past.rawPayload.length).toBe(0);
    // A range does not get around the token.
    expect((await get('bytes=0-9', url.replace(/[0-9a-f]{64}/, 'b'.repeat(64)))).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-9', token: ctx.learner2 } })).statusCode,
    ).toBe(403);
  });

  it('removes the stored files of a deleted courseware: upload, media and every HLS segment', async () => {
    const up = await upload(ctx.app, ctx.admin, '待删讲义.pdf', pdf);
    const [row] = await ctx.app.db
      .select()
      .from(schema.elCourseFile)
      .where(eq(schema.elCourseFile.id, up.body.data.id));
    expect(await sizeOf(row.srcKey)).toBe(pdf.length);
    expect(await sizeOf(row.mediaKey)).toBe(pdf.length);

    const playlistKey = newStorageKey('m3u8', `${'c'.repeat(28)}ffff`);
    const segs = [0, 1].map((n) => storedKey('local', segmentKey(playlistKey, n)));
    for (const s of segs) await putLocal('ts', Buffer.from('segment'), parseStored(s)!.key);
    const playlist = await putLocal(
      'm3u8',
      Buffer.from('#EXTM3U\n#EXTINF:6.0,\nseg-0.ts\n#EXTINF:6.0,\nseg-1.ts\n#EXT-X-ENDLIST\n'),
      playlistKey,
    );
    const src = await putLocal('mp4', Buffer.from('original upload'));
    const hls = await addFile(ctx.app, { mediaKind: 'hls', mediaKey: playlist, srcKey: src });
    // A file other coursewares do not own stays.
    const other = await putLocal('mp4', Buffer.from('keep me'));

    expect((await call(ctx.app, `${F}/delete`, { ids: [up.body.data.id, hls] }, ctx.admin)).status).toBe(200);
    for (const k of [row.srcKey, row.mediaKey, playlist, src, ...segs]) expect(await sizeOf(k)).toBeNull();
    expect(await sizeOf(other)).toBe(7);
    expect((await call(ctx.app, `${F}/delete`, { ids: [hls] }, ctx.admin)).status).toBe(404);
  });
});
