import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@rstest/core';
import { faceConfigOf, FaceNotConfigured } from '../engine';
import { baiduEngine, clearBaiduTokens } from './baidu';
import { FaceCloudAuthFailed, FaceCloudBusy, REASONS } from './errors';
import { imageBook, type StandIn, startStandIn } from './testing/stand-in';

const book = imageBook();
const alice = book.image({ person: 'alice' });
const alice2 = book.image({ person: 'alice' });
const bob = book.image({ person: 'bob' });
const SECRET = 'baidu-secret-key-0123456789';
/** Two clocks: Baidu's and ours, to make a token expire on one side only. */
const clock = { baidu: 1_800_000_000, ours: 1_800_000_000 };
let standIn: StandIn;

const engine = (data: Record<string, unknown> = {}, o: { timeoutMs?: number } = {}) =>
  baiduEngine(
    faceConfigOf({ provider: 'baidu', data: { appId: '1', appKey: 'ak-test', secretKey: SECRET, ...data } }),
    { baseUrl: standIn.url, now: () => clock.ours, ...o },
  );
const tokenCalls = () => standIn.calls.baidu.filter((p) => p === '/oauth/2.0/token').length;
const caught = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as Error,
  );
const ref = (img: Buffer) => ({ userId: '1', template: '', image: async () => img });

beforeAll(async () => {
  standIn = await startStandIn({
    baidu: { apiKey: 'ak-test', secretKey: SECRET, tokenTtlSec: 3600 },
    see: book.see,
    now: () => clock.baidu,
  });
});
afterAll(() => standIn.close());
beforeEach(() => clearBaiduTokens());

describe('baidu face v3 client against the stand-in', () => {
  it('fetches the access token once and shares it, also between engines and parallel calls', async () => {
    const before = tokenCalls();
    await Promise.all([engine().quality(alice), engine().quality(bob), engine().compare(alice2, ref(alice))]);
    await engine().quality(alice);
    expect(tokenCalls() - before).toBe(1);
  });

  it('renews the token when it expires by our clock, and when Baidu says 111 before that', async () => {
    const before = tokenCalls();
    await engine().quality(alice);
    clock.ours += 3600;
    clock.baidu += 3600;
    await engine().quality(alice);
    expect(tokenCalls() - before).toBe(2);
    // Baidu's clock runs ahead: it calls the token expired (111) while we still trust it.
    clock.baidu += 3610;
    expect(await engine().quality(alice)).toMatchObject({ ok: true });
    expect(tokenCalls() - before).toBe(3);
  });

  it('quality gate: one clear face passes; none, several, small or blurred get their reason', async () => {
    const e = engine();
    expect(await e.quality(alice)).toEqual({ ok: true, score: 1, box: [10, 20, 200, 200] });
    expect(await e.quality(Buffer.from('plain'))).toEqual({ ok: false, reason: REASONS.noFace });
    expect(await e.quality(book.image({ person: 'c', faces: 3 }))).toEqual({ ok: false, reason: REASONS.manyFaces });
    expect(await e.quality(book.image({ person: 'c', size: 30 }))).toEqual({ ok: false, reason: REASONS.small });
    expect(await e.quality(book.image({ person: 'c', quality: 20 }))).toEqual({ ok: false, reason: REASONS.quality });
  });

  it('match v3: same person passes at the baidu threshold, another person fails, no face (222202) is a reason', async () => {
    const e = engine();
    expect(await e.compare(alice2, ref(alice))).toMatchObject({ pass: true });
    expect(await e.compare(bob, ref(alice))).toMatchObject({ pass: false, uncertain: false });
    expect(await e.compare(Buffer.from('x'), ref(alice))).toEqual({ reason: REASONS.noFace });
  });

  it('wrong secret key: invalid_client is a configuration error, the secret stays out of the message', async () => {
    const err = await caught(engine({ secretKey: 'wrong-secret-value' }).quality(alice));
    expect(err).toBeInstanceOf(FaceCloudAuthFailed);
    expect(err).toBeInstanceOf(FaceNotConfigured);
    expect(err!.message).not.toContain('wrong-secret-value');
    expect(await caught(engine({ appKey: 'ak-other' }).quality(alice))).toMatchObject({
      providerCode: 'invalid_client',
    });
  });

  it('QPS limit (18) is retryable, and the next call works', async () => {
    await engine().quality(alice);
    standIn.throttle('baidu');
    const err = await caught(engine().compare(alice2, ref(alice)));
    expect(err).toBeInstanceOf(FaceCloudBusy);
    expect(err).toMatchObject({ providerCode: '18', retryable: true });
    expect(await engine().compare(alice2, ref(alice))).toMatchObject({ pass: true });
  });

  it('times out as busy', async () => {
    await engine().quality(alice);
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

  it('liveness on: 223120 is the liveness reason', async () => {
    expect(await engine({ liveCheck: true }).compare(book.image({ person: 'alice', live: false }), ref(alice))).toEqual(
      { reason: REASONS.liveness },
    );
  });

  it('with a face group: enrols, compares by face token, identifies 1:N, forgets', async () => {
    const e = engine({ faceGroup: 'exam' });
    const enrolled = await e.enroll(alice, { userId: '2001' });
    expect(enrolled).toMatchObject({ template: expect.stringMatching(/^[0-9a-f]{32}$/) });
    await e.enroll(bob, { userId: '2002' });
    const template = 'template' in enrolled ? enrolled.template : '';
    expect(await e.compare(alice2, { userId: '2001', template })).toMatchObject({ pass: true });
    expect(await e.identify(alice2, async () => [])).toMatchObject({ userId: '2001', pass: true });
    expect(await e.identify(book.image({ person: 'eve' }), async () => [])).toEqual({ reason: REASONS.noMatch });
    await e.forget!(template, { userId: '2001' });
    await e.forget!(template, { userId: '2001' });
    expect(await e.identify(alice2, async () => [])).toEqual({ reason: REASONS.noMatch });
  });

  it('compareImages: match v3 with two BASE64 images even with a face group; the group is left alone', async () => {
    const e = engine({ faceGroup: 'exam' });
    standIn.calls.baidu.length = 0;
    expect(await e.compareImages(alice2, alice)).toMatchObject({ pass: true });
    expect(await e.compareImages(bob, alice)).toMatchObject({ pass: false });
    expect(await e.compareImages(Buffer.from('x'), alice)).toEqual({ reason: REASONS.noFace });
    // (A late retry of an earlier test's detect may still arrive on a loaded machine: what matters is that match
    // compared the two images and nothing of the face group was touched.)
    expect(standIn.calls.baidu).toContain('/rest/2.0/face/v3/match');
    expect(standIn.calls.baidu.filter((p) => p.includes('/faceset/') || p.endsWith('/search'))).toEqual([]);
  });
});
