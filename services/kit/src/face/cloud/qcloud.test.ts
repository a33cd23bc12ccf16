import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { faceConfigOf, FaceNotConfigured, isRefusal } from '../engine';
import { FaceCloudAuthFailed, FaceCloudBusy, REASONS } from './errors';
import { qcloudEngine } from './qcloud';
import { tc3Sign } from './qcloud-sign';
import { imageBook, type StandIn, startStandIn } from './testing/stand-in';

const book = imageBook();
const alice = book.image({ person: 'alice' });
const alice2 = book.image({ person: 'alice' });
const bob = book.image({ person: 'bob' });
const SECRET = 'qcloud-secret-key-0123456789abcdef';
let standIn: StandIn;

const cfgOf = (data: Record<string, unknown> = {}) =>
  faceConfigOf({
    provider: 'qcloud',
    data: { secretId: 'AKIDtest', secretKey: SECRET, region: 'ap-beijing', ...data },
  });
const engine = (data: Record<string, unknown> = {}, o: { now?: () => number; timeoutMs?: number } = {}) =>
  qcloudEngine(cfgOf(data), { baseUrl: standIn.url, ...o });
const caught = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as Error,
  );

beforeAll(async () => {
  standIn = await startStandIn({
    qcloud: { secretId: 'AKIDtest', secretKey: SECRET, groups: ['exam'] },
    see: book.see,
  });
});
afterAll(() => standIn.close());

describe('qcloud IAI client against the stand-in', () => {
  it('passes the quality gate for one clear face and says why otherwise', async () => {
    const e = engine();
    expect(await e.quality(alice)).toEqual({ ok: true, score: 0.9, box: [10, 20, 200, 200] });
    expect(await e.quality(Buffer.from('not a face at all'))).toEqual({ ok: false, reason: REASONS.noFace });
    expect(await e.quality(book.image({ person: 'carol', faces: 2 }))).toEqual({
      ok: false,
      reason: REASONS.manyFaces,
    });
    expect(await e.quality(book.image({ person: 'carol', size: 40 }))).toEqual({ ok: false, reason: REASONS.small });
    expect(await e.quality(book.image({ person: 'carol', quality: 30 }))).toEqual({
      ok: false,
      reason: REASONS.quality,
    });
    expect(standIn.calls.qcloud.filter((a) => a === 'DetectFace').length).toBeGreaterThanOrEqual(5);
  });

  it('compares two photos (CompareFace): the same person passes, another does not, no face is a reason', async () => {
    const e = engine();
    const same = await e.compare(alice2, { userId: '1', template: '', image: async () => alice });
    expect(same).toMatchObject({ pass: true, uncertain: false });
    expect(isRefusal(same) ? 0 : same.score).toBeGreaterThanOrEqual(85);
    expect(await e.compare(bob, { userId: '1', template: '', image: async () => alice })).toMatchObject({
      pass: false,
    });
    expect(await e.compare(Buffer.from('blank'), { userId: '1', template: '', image: async () => alice })).toEqual({
      reason: REASONS.noFace,
    });
  });

  it('a wrong secret key is a configuration error, never a face failure, and the secret is not in the message', async () => {
    const err = await caught(engine({ secretKey: 'wrong-secret-wrong-secret' }).quality(alice));
    expect(err).toBeInstanceOf(FaceCloudAuthFailed);
    expect(err).toBeInstanceOf(FaceNotConfigured);
    expect(err!.message).toContain('AuthFailure.SignatureFailure');
    expect(err!.message).not.toContain('wrong-secret');
    expect(await caught(engine({ secretId: 'AKIDother' }).quality(alice))).toMatchObject({
      providerCode: 'AuthFailure.SecretIdNotFound',
    });
  });

  it('a clock more than five minutes off is refused (SignatureExpire)', async () => {
    const err = await caught(engine({}, { now: () => Math.floor(Date.now() / 1000) - 600 }).quality(alice));
    expect(err).toMatchObject({ providerCode: 'AuthFailure.SignatureExpire' });
  });

  it('rate limited: a retryable error, and the next call goes through', async () => {
    standIn.throttle('qcloud');
    const err = await caught(engine().quality(alice));
    expect(err).toBeInstanceOf(FaceCloudBusy);
    expect(err).toMatchObject({ retryable: true, status: 503, providerCode: 'RequestLimitExceeded' });
    expect(await engine().quality(alice)).toMatchObject({ ok: true });
  });

  it('a provider slower than the timeout is busy (retried later), not a failure of the face', async () => {
    standIn.delay(400);
    try {
      expect(await caught(engine({}, { timeoutMs: 100 }).quality(alice))).toMatchObject({
        providerCode: 'timeout',
        retryable: true,
      });
    } finally {
      standIn.delay(0);
    }
  });

  it('refuses a body changed after signing (the stand-in recomputes the signature)', async () => {
    const ts = Math.floor(Date.now() / 1000);
    const headers = {
      'Content-Type': 'application/json; charset=utf-8',
      Host: new URL(standIn.url).host,
      'X-TC-Action': 'DetectFace',
    };
    const { authorization } = tc3Sign({
      secretId: 'AKIDtest',
      secretKey: SECRET,
      service: 'iai',
      timestamp: ts,
      payload: '{"Image":"a"}',
      headers,
    });
    const res = await fetch(`${standIn.url}/qcloud/`, {
      method: 'POST',
      headers: {
        ...headers,
        Authorization: authorization,
        'X-TC-Timestamp': String(ts),
        'X-TC-Version': '2020-03-03',
        'X-TC-Region': 'ap-beijing',
      },
      body: '{"Image":"b"}',
    });
    expect(((await res.json()) as { Response: { Error: { Code: string } } }).Response.Error.Code).toBe(
      'AuthFailure.SignatureFailure',
    );
  });

  it('with a person group: enrols (again: replaced), verifies, identifies 1:N and forgets', async () => {
    const e = engine({ groupId: 'exam' });
    expect(await e.enroll(alice, { userId: '1001' })).toEqual({ template: 'u1001' });
    expect(await e.enroll(alice2, { userId: '1001' })).toEqual({ template: 'u1001' });
    expect(await e.enroll(bob, { userId: '1002' })).toEqual({ template: 'u1002' });
    expect(await e.enroll(Buffer.from('nothing'), { userId: '1003' })).toEqual({ reason: REASONS.noFace });
    expect(await e.compare(alice, { userId: '1001', template: 'u1001' })).toMatchObject({ pass: true });
    expect(standIn.calls.qcloud).toContain('VerifyFace');
    expect(await e.identify(alice2, async () => [])).toMatchObject({ userId: '1001', pass: true });
    expect(await e.identify(book.image({ person: 'mallory' }), async () => [])).toEqual({ reason: REASONS.noMatch });
    await e.forget!('u1002', { userId: '1002' });
    await e.forget!('u1002', { userId: '1002' });
    expect(await e.identify(bob, async () => [])).toEqual({ reason: REASONS.noMatch });
  });

  it('liveness on: a photo of a photo is refused before any comparison', async () => {
    const e = engine({ liveCheck: true });
    const fake = book.image({ person: 'alice', live: false });
    expect(await e.compare(fake, { userId: '1', template: '', image: async () => alice })).toEqual({
      reason: REASONS.liveness,
    });
    expect(await e.compare(alice2, { userId: '1', template: '', image: async () => alice })).toMatchObject({
      pass: true,
    });
  });

  it('is not configured without keys or region, and cannot identify without a person group', async () => {
    expect(() => qcloudEngine(faceConfigOf({ provider: 'qcloud', data: { secretId: 'x' } }))).toThrow(
      FaceNotConfigured,
    );
    expect(() => qcloudEngine(faceConfigOf({ provider: 'qcloud', data: { secretId: 'x', secretKey: 'y' } }))).toThrow(
      FaceNotConfigured,
    );
    expect(await caught(engine().identify(alice, async () => []))).toBeInstanceOf(FaceNotConfigured);
  });

  it('compareImages: CompareFace on the two images even with a person group; no person made, verified or removed', async () => {
    const e = engine({ groupId: 'exam', liveCheck: true });
    standIn.calls.qcloud.length = 0;
    expect(await e.compareImages(alice2, alice)).toMatchObject({ pass: true });
    expect(await e.compareImages(bob, alice)).toMatchObject({ pass: false });
    expect(await e.compareImages(alice2, Buffer.from('no face'))).toEqual({ reason: REASONS.noFace });
    expect(await e.compareImages(book.image({ person: 'alice', live: false }), alice)).toEqual({
      reason: REASONS.liveness,
    });
    // (A late retry of an earlier test's DetectFace may still arrive on a loaded machine: what matters is that no person
    // of the group is made, verified, searched or removed.)
    expect(standIn.calls.qcloud).toEqual(expect.arrayContaining(['DetectLiveFace', 'CompareFace']));
    const personCalls = ['CreatePerson', 'VerifyFace', 'SearchFaces', 'DeletePerson'];
    expect(standIn.calls.qcloud.filter((a) => personCalls.includes(a))).toEqual([]);
  });
});
