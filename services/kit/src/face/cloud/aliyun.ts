import { randomUUID } from 'node:crypto';
import { listOf, numOf, objOf, strOf } from '../../http/fetch-json';
import type { EnrolledFace, FaceConfig, FaceEngine, FaceQuality } from '../engine';
import { verdictOf } from '../engine';
import { rpcSignature, rpcTimestamp } from './aliyun-sign';
import { cloudEngine } from './cloud-engine';
import { type ErrorTable, FaceCloudFailed, failure, REASONS } from './errors';
import { type CloudOptions, cloudOptionsFromEnv, cloudSettings, nowSec, post } from './http';

/**
 * Alibaba Cloud Vision Intelligence, facebody 2019-12-30 (RPC style, HMAC-SHA1 signature 1.0, region
 * cn-shanghai). CompareFace takes the images as base64; DetectFace, DetectLivingFace, AddFace and SearchFace
 * take only a URL, so those images are first put in Alibaba's temporary upload bucket the documented way
 * (openplatform AuthorizeFileUpload, then an OSS form POST with the policy it returns).
 */
const FACEBODY = { host: 'facebody.cn-shanghai.aliyuncs.com', version: '2019-12-30' };
const OPENPLATFORM = { host: 'openplatform.aliyuncs.com', version: '2019-12-19' };
const REGION = 'cn-shanghai';
const MIN_QUALITY = 60;
const MIN_FACE = 64;

const ERRORS: ErrorTable = {
  auth: [
    'InvalidAccessKeyId.',
    'InvalidAccessKeySecret',
    'SignatureDoesNotMatch',
    'IncompleteSignature',
    'InvalidTimeStamp.',
    'AuthFailed',
    'Forbidden.',
    'NoPermission',
    'EntityNotExist.Role',
    'InvalidApi.NotPurchase',
    'InvalidApi.OutOfService',
    'InvalidApi.ForbiddenInvoke',
    'InvalidDB.Status',
    'InvalidParameter.DbName',
    'InvalidDbName.NotFound',
  ],
  busy: ['Throttling', 'Throttling.', 'ServiceUnavailable', 'InternalError', 'InternalError.', 'SignatureNonceUsed'],
  reasons: {
    // The facebody error table: "InvalidFile.Content — the file's content does not meet the algorithm's needs" (no usable face).
    'InvalidFile.Content': 'noFace',
    'InvalidImage.Content': 'noFace',
    'InvalidFile.Decode': 'badImage',
    'InvalidFile.Size': 'badImage',
    'InvalidFile.Type': 'badImage',
    'InvalidFile.Resolution': 'small',
    'InvalidImage.Resolution': 'small',
    'InvalidImage.Download': 'badImage',
    'InvalidFile.Download': 'badImage',
  },
  // An entity already made or already gone: enrolment makes it again either way.
  expected: ['InvalidFaceEntity.NotFound', 'InvalidParameter.EntityId', 'InvalidFaceEntity.Exist'],
};

type Answer =
  | { ok: true; data: Record<string, unknown>; body: Record<string, unknown> }
  | { ok: false; code: string; reason: string };

export function aliyunEngine(cfg: FaceConfig, o: CloudOptions = cloudOptionsFromEnv()): FaceEngine {
  const {
    accessKeyId,
    accessKeySecret: secret,
    dbName,
    liveCheck,
  } = cloudSettings(cfg, 'aliyun', ['accessKeyId', 'accessKeySecret'], ['dbName']);
  const endpoint = (host: string) => (o.baseUrl ? `${o.baseUrl}/aliyun/` : `https://${host}/`);

  async function rpc(action: string, params: Record<string, string>, api = FACEBODY): Promise<Answer> {
    const all: Record<string, string> = {
      ...params,
      Action: action,
      Version: api.version,
      Format: 'JSON',
      RegionId: REGION,
      AccessKeyId: accessKeyId,
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      SignatureNonce: randomUUID(),
      Timestamp: rpcTimestamp(nowSec(o)),
    };
    all.Signature = rpcSignature('POST', all, secret);
    const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const { body } = await post('aliyun', endpoint(api.host), form, new URLSearchParams(all).toString(), o);
    const code = strOf(body.Code);
    return code ? failure('aliyun', ERRORS, code, strOf(body.Message)) : { ok: true, data: objOf(body.Data), body };
  }

  /** Puts an image in the temporary bucket and answers its URL (valid for the service for a day). */
  async function upload(img: Buffer): Promise<string> {
    const a = await rpc('AuthorizeFileUpload', { Product: 'facebody' }, OPENPLATFORM);
    if (!a.ok) throw new FaceCloudFailed('aliyun', a.code);
    const { Bucket, Endpoint, ObjectKey, EncodedPolicy, Signature } = a.body as Record<string, string>;
    const auth = strOf(a.body.AccessKeyId);
    const form = new FormData();
    form.set('key', ObjectKey);
    form.set('OSSAccessKeyId', auth);
    form.set('policy', EncodedPolicy);
    form.set('Signature', Signature);
    form.set('success_action_status', '201');
    form.set('file', new Blob([new Uint8Array(img)], { type: 'image/jpeg' }), 'face.jpg');
    const target = o.baseUrl ? `${o.baseUrl}/oss/${Bucket}` : `https://${Bucket}.${Endpoint}`;
    const res = await fetch(target, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(o.timeoutMs ?? 8000),
    }).catch(() => null);
    if (!res || res.status >= 300) throw new FaceCloudFailed('aliyun', `upload-${res?.status ?? 'network'}`);
    await res.arrayBuffer();
    return `${target.replace(/^https:/, 'http:')}/${ObjectKey}`;
  }

  async function quality(img: Buffer): Promise<FaceQuality> {
    const a = await rpc('DetectFace', { ImageURL: await upload(img), MaxFaceNumber: '5', Quality: 'true' });
    if (!a.ok) return { ok: false, reason: a.reason || REASONS.noFace };
    const count = numOf(a.data.FaceCount);
    if (count === 0) return { ok: false, reason: REASONS.noFace };
    if (count > 1) return { ok: false, reason: REASONS.manyFaces };
    const r = listOf(a.data.FaceRectangles).map((v) => numOf(v));
    const box: [number, number, number, number] = [r[0] ?? 0, r[1] ?? 0, r[2] ?? 0, r[3] ?? 0];
    if (Math.min(box[2], box[3]) < MIN_FACE) return { ok: false, reason: REASONS.small };
    const score = numOf(listOf(objOf(a.data.Qualities).ScoreList)[0], 100);
    if (score < MIN_QUALITY) return { ok: false, reason: REASONS.quality };
    return { ok: true, score: numOf(listOf(a.data.FaceProbabilityList)[0], 1), box };
  }

  async function liveRefusal(img: Buffer): Promise<string | null> {
    if (!liveCheck) return null;
    const a = await rpc('DetectLivingFace', { 'Tasks.1.ImageURL': await upload(img) });
    if (!a.ok) return a.reason || REASONS.noFace;
    const result = objOf(listOf(objOf(listOf(a.data.Elements)[0]).Results)[0]);
    return strOf(result.Suggestion) === 'block' ? REASONS.liveness : null;
  }

  /** CompareFace with both images as base64 (ImageDataA the reference, ImageDataB the live one); nothing is kept. */
  async function compareImages(img: Buffer, reference: Buffer) {
    const live = await liveRefusal(img);
    if (live) return { reason: live };
    const a = await rpc('CompareFace', {
      ImageDataA: reference.toString('base64'),
      ImageDataB: img.toString('base64'),
    });
    if (!a.ok) return { reason: a.reason || REASONS.noFace };
    return verdictOf(cfg, numOf(a.data.Confidence));
  }

  const entityOf = (userId: string) => `u${userId}`;

  return cloudEngine('aliyun', cfg, dbName, {
    quality,

    async addToLibrary(img, userId) {
      const entity = entityOf(userId);
      // A new photo replaces the old ones: the entity is made again.
      await rpc('DeleteFaceEntity', { DbName: dbName, EntityId: entity });
      const e = await rpc('AddFaceEntity', { DbName: dbName, EntityId: entity });
      if (!e.ok && e.reason) return { reason: e.reason };
      const a = await rpc('AddFace', { DbName: dbName, EntityId: entity, ImageUrl: await upload(img) });
      if (!a.ok) return { reason: a.reason || REASONS.noFace };
      return { template: entity };
    },

    // CompareFace takes two images: the enrolled photo stands for the enrolled face.
    async compare(img: Buffer, enrolled: EnrolledFace) {
      if (!enrolled.image) return { reason: REASONS.noMatch };
      return compareImages(img, await enrolled.image());
    },

    compareImages,

    async search(img: Buffer) {
      const live = await liveRefusal(img);
      if (live) return { reason: live };
      const a = await rpc('SearchFace', { DbName: dbName, ImageUrl: await upload(img), Limit: '1' });
      if (!a.ok) return { reason: a.reason || REASONS.noMatch };
      const best = objOf(listOf(objOf(listOf(a.data.MatchList)[0]).FaceItems)[0]);
      const entity = strOf(best.EntityId);
      const v = verdictOf(cfg, numOf(best.Confidence));
      return entity.startsWith('u') && v.pass ? { userId: entity.slice(1), ...v } : { reason: REASONS.noMatch };
    },

    async forget(template: string) {
      if (template && dbName) await rpc('DeleteFaceEntity', { DbName: dbName, EntityId: template });
    },
  });
}
