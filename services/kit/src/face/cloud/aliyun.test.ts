import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { faceConfigOf, FaceNotConfigured } from '../engine';
import { aliyunEngine } from './aliyun';
import { FaceCloudAuthFailed, FaceCloudBusy, REASONS } from './errors';
import { imageBook, type StandIn, startStandIn } from './testing/stand-in';

const book = imageBook();
const alice = book.image({ person: 'alice' });
const alice2 = book.image({ person: 'alice' });
const bob = book.image({ person: 'bob' });
const SECRET = 'aliyun-access-key-secret-0123';
let standIn: StandIn;

const engine = (data: Record<string, unknown> = {}, o: { now?: () => number; timeoutMs?: number } = {}) =>
  aliyunEngine(
    faceConfigOf({ provider: 'aliyun', data: { accessKeyId: 'LTAItest', accessKeySecret: SECRET, ...data } }),
    { baseUrl: standIn.url, ...o },
  );
const caught = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as Error,
  );
const ref = (img: Buffer) => ({ userId: '1', template: '', image: async () => img });

beforeAll(async () => {
  standIn = await startStandIn({ aliyun: { accessKeyId: 'LTAItest', accessKeySecret: SECRET }, see: book.see });
});
afterAll(() => standIn.close());

describe('aliyun facebody client against the stand-in', () => {
  it('CompareFace with base64 images: same person passes at 69, another does not, no face is a reason', async () => {
    const e = engine();
    expect(await e.compare(alice2, ref(alice))).toMatchObject({ pass: true });
    expect(await e.compare(bob, ref(alice))).toMatchObject({ pass: false });
    expect(await e.compare(Buffer.from('nothing'), ref(alice))).toEqual({ reason: REASONS.noFace });
  });

  it('quality gate through the documented upload (AuthorizeFileUpload + OSS form) and DetectFace', async () => {
    const e = engine();
    expect(await e.quality(alice)).toEqual({ ok: true, score: 0.99, box: [10, 20, 200, 200] });
    expect(await e.quality(Buffer.from('nothing'))).toEqual({ ok: false, reason: REASONS.noFace });
    expect(await e.quality(book.image({ person: 'c', faces: 2 }))).toEqual({ ok: false, reason: REASONS.manyFaces });
    expect(await e.quality(book.image({ person: 'c', quality: 10 }))).toEqual({ ok: false, reason: REASONS.quality });
    expect(standIn.calls.aliyun).toContain('AuthorizeFileUpload');
  });

  it('wrong secret (SignatureDoesNotMatch) or unknown key id is a configuration error without the secret', async () => {
    const err = await caught(engine({ accessKeySecret: 'not-the-secret' }).compare(alice2, ref(alice)));
    expect(err).toBeInstanceOf(FaceCloudAuthFailed);
    expect(err).toBeInstanceOf(FaceNotConfigured);
    expect(err).toMatchObject({ providerCode: 'SignatureDoesNotMatch' });
    expect(err!.message).not.toContain('not-the-secret');
    expect(await caught(engine({ accessKeyId: 'LTAIother' }).compare(alice2, ref(alice)))).toMatchObject({
      providerCode: 'InvalidAccessKeyId.NotFound',
    });
  });

  it('a timestamp 20 minutes old is refused', async () => {
    const err = await caught(
      engine({}, { now: () => Math.floor(Date.now() / 1000) - 1200 }).compare(alice2, ref(alice)),
    );
    expect(err).toMatchObject({ providerCode: 'InvalidTimeStamp.Expired' });
  });

  it('user flow control (Throttling.User) is retryable', async () => {
    standIn.throttle('aliyun');
    const err = await caught(engine().compare(alice2, ref(alice)));
    expect(err).toBeInstanceOf(FaceCloudBusy);
    expect(err).toMatchObject({ providerCode: 'Throttling.User', retryable: true });
    expect(await engine().compare(alice2, ref(alice))).toMatchObject({ pass: true });
  });

  it('times out as busy', async () => {
    standIn.delay(400);
    try {
      expect(await caught(engine({}, { timeoutMs: 100 }).compare(alice2, ref(alice)))).toMatchObject({
        providerCode: 'timeout',
        retryable: true,
      });
    } finally {
      standIn.delay(0);
    }
  });

  it('liveness on: DetectLivingFace "block" is the liveness reason', async () => {
    expect(await engine({ liveCheck: true }).compare(book.image({ person: 'alice', live: false }), ref(alice))).toEqual(
      { reason: REASONS.liveness },
    );
    expect(await engine({ liveCheck: true }).compare(alice2, ref(alice))).toMatchObject({ pass: true });
  });

  it('with a face database: enrols (again: replaced), identifies 1:N, forgets', async () => {
    const e = engine({ dbName: 'exam' });
    expect(await e.enroll(alice, { userId: '3001' })).toEqual({ template: 'u3001' });
    expect(await e.enroll(alice2, { userId: '3001' })).toEqual({ template: 'u3001' });
    expect(await e.enroll(bob, { userId: '3002' })).toEqual({ template: 'u3002' });
    expect(await e.identify(alice, async () => [])).toMatchObject({ userId: '3001', pass: true });
    expect(await e.identify(book.image({ person: 'trudy' }), async () => [])).toEqual({ reason: REASONS.noMatch });
    await e.forget!('u3001', { userId: '3001' });
    expect(await e.identify(alice, async () => [])).toEqual({ reason: REASONS.noMatch });
  });

  it('compareImages: CompareFace with both images as base64 even with a face database; no entity touched', async () => {
    const e = engine({ dbName: 'exam' });
    standIn.calls.aliyun.length = 0;
    expect(await e.compareImages(alice2, alice)).toMatchObject({ pass: true });
    expect(await e.compareImages(bob, alice)).toMatchObject({ pass: false });
    expect(await e.compareImages(Buffer.from('nothing'), alice)).toEqual({ reason: REASONS.noFace });
    expect(new Set(standIn.calls.aliyun)).toEqual(new Set(['CompareFace']));
  });
});
