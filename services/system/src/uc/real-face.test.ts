import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FACE_REASONS, faceService, newId, schema } from '@exam/server-kit';
import { call, createTestApp, dataUrlJpeg, FACE_PHOTOS, signIn } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { seed, systemService } from '../index';
import { setSwitches } from '../testing/helpers';
import { REAL_MSG } from './real-face';

// Real-name review with faceAudit auto (issue 13): the learner's live capture is compared with his uploaded
// photo by the job queue (real photos: person B and B as a camera sees her, p* strangers, a frame without a face).
const stranger = readFileSync(join(import.meta.dirname, '../../../kit/src/face/testing/p20.jpg'));
const ID_A = '11010519491231002X';
const ID_B = '110105199001011232';

let app: FastifyInstance;
let admin: string;
let me: string; // learner (u-learner)
let other: string; // learner2 (u-learner2)
beforeAll(async () => {
  app = await createTestApp({ services: [systemService], seeds: [seed] });
  [admin, me, other] = await Promise.all([
    signIn(app, 'admin', 'Admin@2026'),
    signIn(app, 'learner', 'Learner@2026'),
    signIn(app, 'learner2', 'Learner@2026'),
  ]);
  await setSwitches(app, { realPerson: true, faceAudit: 'auto' });
}, 120_000);
afterAll(() => app.close());

/** The real-name page's upload: the learner's own photo through /api/common/file/upload. */
async function upload(bytes: Buffer, token = me) {
  const b = '----real-face';
  const payload = Buffer.concat([
    Buffer.from(
      `--${b}\r\nContent-Disposition: form-data; name="file"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${b}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/common/file/upload',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${b}`, token },
  });
  return res.json().data.url as string;
}
const submit = (body: object, token = me) =>
  call(app, '/api/sys/user/real/submit', { realName: '张小明', idCard: ID_A, ...body }, token);
const info = async (token = me) => (await call(app, '/api/sys/user/real/info', {}, token)).body.data;
/** Waits for the background comparison: the request leaves "pending without a verdict". */
async function settled(token = me) {
  for (const until = Date.now() + 30_000; Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
    const i = await info(token);
    if (i.state !== 0 || i.auditMsg) return i;
  }
  throw new Error('real-name review not decided in time');
}
const setLocal = (data: Record<string, unknown>) =>
  app.db
    .insert(schema.sysConfigProp)
    .values({ id: newId(), type: 'face', provider: 'local', current: true, remark: '', data })
    .onConflictDoUpdate({
      target: [schema.sysConfigProp.type, schema.sysConfigProp.provider],
      set: { data, current: true },
    });

describe('real-name auto review: the input it needs', () => {
  it('needs a photo of ours and a live frame; nothing is stored on a refusal', async () => {
    const photo = await upload(FACE_PHOTOS.b);
    expect((await submit({ capture: dataUrlJpeg(FACE_PHOTOS.bLive) })).body.msg).toBe(REAL_MSG.noPhoto);
    expect((await submit({ photo })).body.msg).toBe(REAL_MSG.noCapture);
    expect(
      (await submit({ photo: 'http://evil.example/a.jpg', capture: dataUrlJpeg(FACE_PHOTOS.bLive) })).body.msg,
    ).toBe('人脸照片不存在，请重新上传！');
    const bad = await submit({ photo, capture: 'data:image/jpeg;base64,AAAA' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('参数错误：base64 不是有效的图片数据');
    expect((await info()).state).toBe(-1);
  });
});

describe('real-name auto review: the verdicts', () => {
  it('a live frame without a face, or a photo without one, is refused with the reason', async () => {
    const r = await submit({ photo: await upload(FACE_PHOTOS.b), capture: dataUrlJpeg(FACE_PHOTOS.noFace) });
    expect(r.body.data).toMatchObject({ state: 0, auditMsg: '' });
    expect(await settled()).toMatchObject({ state: 2, auditMsg: REAL_MSG.refused(FACE_REASONS.noFace) });
    await submit({ photo: await upload(FACE_PHOTOS.noFace), capture: dataUrlJpeg(FACE_PHOTOS.bLive) });
    expect(await settled()).toMatchObject({ state: 2, auditMsg: REAL_MSG.refused(FACE_REASONS.noFace) });
  });

  it("another person's face is refused", async () => {
    await submit({ photo: await upload(FACE_PHOTOS.b), capture: dataUrlJpeg(stranger) });
    expect(await settled()).toMatchObject({ state: 2, auditMsg: REAL_MSG.noMatch });
  });

  it('the uncertain band stays for an administrator, who decides it; the learner cannot', async () => {
    await setLocal({ threshold: 0.95, reviewBelow: 0.3 }); // B-live scores ≈ 0.86: between the two
    try {
      await submit({ photo: await upload(FACE_PHOTOS.b), capture: dataUrlJpeg(FACE_PHOTOS.bLive) });
      expect(await settled()).toMatchObject({ state: 0, auditMsg: REAL_MSG.uncertain });
    } finally {
      await app.db.delete(schema.sysConfigProp).where(eq(schema.sysConfigProp.type, 'face'));
    }
    expect((await call(app, '/api/sys/user/real/paging', { params: { state: 0 } }, me)).status).toBe(403);
    const page = (await call(app, '/api/sys/user/real/paging', { params: { state: 0 } }, admin)).body.data;
    const row = page.records.find((x: { userId: string }) => x.userId === 'u-learner');
    expect(row).toMatchObject({ state: 0, auditMsg: REAL_MSG.uncertain });
    expect(row.photo).toMatch(/^\/|^http/);
    expect((await call(app, '/api/sys/user/real/audit', { ids: [row.id], state: 1 }, me)).status).toBe(403);
    expect((await info()).state).toBe(0);
    expect(
      (await call(app, '/api/sys/user/real/audit', { ids: [row.id], state: 2, auditMsg: '照片不清晰' }, admin)).status,
    ).toBe(200);
    expect(await info()).toMatchObject({ state: 2, auditMsg: '照片不清晰' });
  });

  it('the same person is verified: name and ID card copied, the photo enrolled as his face', async () => {
    const photo = await upload(FACE_PHOTOS.b);
    await submit({ photo, capture: dataUrlJpeg(FACE_PHOTOS.bLive) });
    expect(await settled()).toMatchObject({ state: 1, auditMsg: '', realName: '张小明', photo });
    const [u] = await app.db.select().from(schema.sysUser).where(eq(schema.sysUser.id, 'u-learner'));
    expect(u).toMatchObject({ realName: '张小明', idCard: ID_A });
    const [face] = await app.db.select().from(schema.sysUserFace).where(eq(schema.sysUserFace.userId, 'u-learner'));
    expect(photo.endsWith(face!.imageKey)).toBe(true);
    const faces = faceService({ db: app.db, dataDir: app.config.dataDir });
    expect(await faces.compareWithEnrolled('u-learner', FACE_PHOTOS.bLive)).toMatchObject({ pass: true });
    expect(await faces.compareWithEnrolled('u-learner', stranger)).toMatchObject({ pass: false });
  });

  it('manual stays manual: no comparison queued, an admin approval enrols the photo', async () => {
    await setSwitches(app, { faceAudit: 'manual' });
    const jobs = async () =>
      (await app.db.select().from(schema.sysJob).where(eq(schema.sysJob.queue, 'face:real'))).length;
    const before = await jobs();
    const photo = await upload(FACE_PHOTOS.bLive, other);
    expect((await submit({ realName: '李小红', idCard: ID_B, photo }, other)).body.data).toMatchObject({
      state: 0,
      photo,
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(await jobs()).toBe(before);
    expect(await info(other)).toMatchObject({ state: 0, auditMsg: '' });
    // Each learner sees only his own request.
    expect(await info(me)).toMatchObject({ realName: '张小明', state: 1 });
    const row = (await call(app, '/api/sys/user/real/paging', { params: { state: 0 } }, admin)).body.data.records.find(
      (x: { userId: string }) => x.userId === 'u-learner2',
    );
    expect((await call(app, '/api/sys/user/real/audit', { ids: [row.id], state: 1 }, admin)).status).toBe(200);
    expect(await info(other)).toMatchObject({ state: 1 });
    expect(await faceService({ db: app.db, dataDir: app.config.dataDir }).isEnrolled('u-learner2')).toBe(true);
  });
});
