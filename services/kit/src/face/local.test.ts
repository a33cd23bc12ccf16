import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@rstest/core';
import { faceConfigOf, type FaceVerdict, isRefusal } from './engine';
import { FACE_REASONS, localEngine } from './local';

const photo = (name: string) => readFileSync(join(import.meta.dirname, 'testing', name));
const engine = localEngine(faceConfigOf(undefined));
const LONG = 120_000; // the first call loads the WASM models

async function template(name: string) {
  const r = await engine.enroll(photo(name), { userId: name });
  if (isRefusal(r)) throw new Error(r.reason);
  return r.template;
}
async function verdict(live: string, enrolled: string): Promise<FaceVerdict> {
  const r = await engine.compare(photo(live), { userId: 'u', template: await template(enrolled) });
  if (isRefusal(r)) throw new Error(r.reason);
  return r;
}

describe('local face engine (real photos, testing/README.md)', () => {
  it(
    'passes two different photos of the same person',
    async () => {
      const v = await verdict('v01.jpg', 'v00.jpg');
      expect(v.pass).toBe(true);
      expect(v.score).toBeGreaterThanOrEqual(engine.threshold);
    },
    LONG,
  );

  it(
    'fails photos of other people, against the same person and against each other',
    async () => {
      for (const [live, enrolled] of [
        ['p10.jpg', 'v00.jpg'],
        ['p30.jpg', 'v00.jpg'],
        ['p50.jpg', 'p10.jpg'],
        ['v00.jpg', 'p62.jpg'],
      ]) {
        const v = await verdict(live!, enrolled!);
        expect({ live, pass: v.pass }).toEqual({ live, pass: false });
        expect(v.score).toBeLessThan(engine.threshold);
      }
    },
    LONG,
  );

  it(
    '1:N finds the enrolled person and refuses a stranger',
    async () => {
      const people = await Promise.all(
        ['v00.jpg', 'p10.jpg', 'p30.jpg', 'p50.jpg'].map(async (n) => ({ userId: n, template: await template(n) })),
      );
      const found = await engine.identify(photo('v02.jpg'), async () => people);
      expect(found).toMatchObject({ userId: 'v00.jpg', pass: true });
      expect(await engine.identify(photo('p62.jpg'), async () => people)).toEqual({ reason: FACE_REASONS.noMatch });
      expect(await engine.identify(photo('v02.jpg'), async () => [])).toEqual({ reason: FACE_REASONS.noMatch });
    },
    LONG,
  );

  it(
    'the quality gate refuses no face, two faces, a tiny face and non-images with a reason',
    async () => {
      expect(await engine.quality(photo('noface.jpg'))).toEqual({ ok: false, reason: FACE_REASONS.noFace });
      expect(await engine.quality(photo('two.jpg'))).toEqual({ ok: false, reason: FACE_REASONS.manyFaces });
      expect((await engine.quality(photo('tiny.jpg'))).ok).toBe(false);
      expect(await engine.quality(Buffer.from('GIF89a not a face'))).toEqual({
        ok: false,
        reason: FACE_REASONS.badImage,
      });
      expect(await engine.quality(Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01]))).toEqual({
        ok: false,
        reason: FACE_REASONS.badImage,
      });
      expect(await engine.enroll(photo('two.jpg'), { userId: 'x' })).toEqual({ reason: FACE_REASONS.manyFaces });
      expect(await engine.compare(photo('noface.jpg'), { userId: 'x', template: await template('v00.jpg') })).toEqual({
        reason: FACE_REASONS.noFace,
      });
      const ok = await engine.quality(photo('v00.jpg'));
      expect(ok).toMatchObject({ ok: true });
    },
    LONG,
  );

  it(
    'serializes parallel calls and answers each its own image',
    async () => {
      const t = await template('v00.jpg');
      const rs = await Promise.all(
        ['v01.jpg', 'p10.jpg', 'noface.jpg', 'v02.jpg'].map((n) =>
          engine.compare(photo(n), { userId: 'u', template: t }),
        ),
      );
      expect(rs.map((r) => (isRefusal(r) ? r.reason : r.pass))).toEqual([true, false, FACE_REASONS.noFace, true]);
    },
    LONG,
  );

  it(
    'compareImages: two photos, the reference gated first',
    async () => {
      expect(await engine.compareImages(photo('v01.jpg'), photo('v00.jpg'))).toMatchObject({ pass: true });
      expect(await engine.compareImages(photo('p10.jpg'), photo('v00.jpg'))).toMatchObject({ pass: false });
      expect(await engine.compareImages(photo('v01.jpg'), photo('two.jpg'))).toEqual({
        reason: FACE_REASONS.manyFaces,
      });
      expect(await engine.compareImages(photo('noface.jpg'), photo('v00.jpg'))).toEqual({
        reason: FACE_REASONS.noFace,
      });
    },
    LONG,
  );
});

describe('face config', () => {
  it('defaults to the local engine and its measured threshold; a saved threshold and model win', () => {
    expect(faceConfigOf(undefined)).toMatchObject({ provider: 'local', threshold: 0.5, reviewBelow: 0.4 });
    expect(faceConfigOf({ provider: 'baidu', data: { threshold: '85', model: 'v3' } })).toMatchObject({
      provider: 'baidu',
      threshold: 85,
      model: 'v3',
      reviewBelow: 70,
    });
    expect(faceConfigOf({ provider: 'qcloud', data: { threshold: 30 } })).toMatchObject({
      threshold: 30,
      reviewBelow: 30,
    });
    expect(faceConfigOf({ provider: 'nonsense', data: {} }).provider).toBe('local');
  });
});
