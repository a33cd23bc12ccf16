import { listOf, numOf, objOf, strOf } from '../../http/fetch-json';
import type { EnrolledFace, FaceConfig, FaceEngine, FaceQuality } from '../engine';
import { verdictOf } from '../engine';
import { cloudEngine } from './cloud-engine';
import { type ErrorTable, FaceCloudFailed, failure, REASONS } from './errors';
import { type CloudOptions, cloudOptionsFromEnv, cloudSettings, nowSec, post } from './http';
import { tc3Sign } from './qcloud-sign';

/** Tencent Cloud IAI (人脸识别) API 3.0, version 2020-03-03, JSON over POST, signature v3. */
const HOST = 'iai.tencentcloudapi.com';
const VERSION = '2020-03-03';
/** DetectFace quality score: Tencent suggests 70+ for enrolment photos; live frames may be a little worse. */
const MIN_QUALITY = 60;
/** Smallest face side we accept, pixels (IAI detects down to 34, but such faces compare poorly). */
const MIN_FACE = 64;

const ERRORS: ErrorTable = {
  auth: [
    'AuthFailure.',
    'UnauthorizedOperation',
    'UnauthorizedOperation.',
    'ResourceUnavailable.InArrears',
    'ResourceUnavailable.ResourcePackageRunOut',
    'ResourceUnavailable.StopUsing',
    'ResourceUnavailable.NotExist',
    'FailedOperation.UnOpenError',
    'UnsupportedRegion',
    'InvalidParameterValue.GroupIdNotExist',
  ],
  busy: [
    'RequestLimitExceeded',
    'RequestLimitExceeded.',
    'LimitExceeded',
    'InternalError',
    'InternalError.',
    'FailedOperation.RequestTimeout',
    'FailedOperation.ServerError',
    'FailedOperation.RequestLimitExceeded',
    'ResourceUnavailable.Delivering',
    'ResourceUnavailable.NotReady',
  ],
  reasons: {
    'FailedOperation.ImageFacedetectFailed': 'noFace',
    'InvalidParameterValue.NoFaceInPhoto': 'noFace',
    'InvalidParameterValue.NoFaceInGroups': 'noMatch',
    'FailedOperation.FaceQualityNotQualified': 'quality',
    'FailedOperation.FaceSizeTooSmall': 'small',
    'FailedOperation.ImageResolutionTooSmall': 'small',
    'FailedOperation.ImageDecodeFailed': 'badImage',
    'FailedOperation.ImageDownloadError': 'badImage',
    'FailedOperation.ImageSizeExceed': 'badImage',
    'FailedOperation.ImageResolutionExceed': 'badImage',
    'InvalidParameterValue.ImageEmpty': 'badImage',
    'FailedOperation.LifePhotoDetectFake': 'liveness',
    'FailedOperation.LifePhotoDetectNoFaces': 'noFace',
  },
  // A person made twice, a person already gone: the engine handles them itself.
  expected: ['InvalidParameterValue.PersonIdAlreadyExist', 'InvalidParameterValue.PersonIdNotExist'],
};

type Answer = { ok: true; res: Record<string, unknown> } | { ok: false; code: string; reason: string };

export function qcloudEngine(cfg: FaceConfig, o: CloudOptions = cloudOptionsFromEnv()): FaceEngine {
  const { secretId, secretKey, region, groupId, liveCheck } = cloudSettings(
    cfg,
    'qcloud',
    ['secretId', 'secretKey', 'region'],
    ['groupId'],
  );
  const url = o.baseUrl ? `${o.baseUrl}/qcloud/` : `https://${HOST}/`;
  const host = new URL(url).host;

  /** One signed call; the user's image problems come back as a reason, the rest is thrown. */
  async function call(action: string, params: Record<string, unknown>): Promise<Answer> {
    const payload = JSON.stringify(params);
    const timestamp = nowSec(o);
    const headers = { 'Content-Type': 'application/json; charset=utf-8', Host: host, 'X-TC-Action': action };
    const { authorization } = tc3Sign({ secretId, secretKey, service: 'iai', timestamp, payload, headers });
    const signed = {
      ...headers,
      Authorization: authorization,
      'X-TC-Timestamp': String(timestamp),
      'X-TC-Version': VERSION,
      'X-TC-Region': region,
    };
    const res = objOf((await post('qcloud', url, signed, payload, o)).body.Response);
    const err = objOf(res.Error);
    return err.Code ? failure('qcloud', ERRORS, strOf(err.Code), strOf(err.Message)) : { ok: true, res };
  }

  const b64 = (img: Buffer) => img.toString('base64');

  async function quality(img: Buffer): Promise<FaceQuality> {
    const a = await call('DetectFace', {
      Image: b64(img),
      MaxFaceNum: 5,
      MinFaceSize: 34,
      NeedFaceAttributes: 0,
      NeedQualityDetection: 1,
      FaceModelVersion: cfg.model,
    });
    if (!a.ok) return { ok: false, reason: a.reason };
    const faces = listOf(a.res.FaceInfos).map(objOf);
    if (faces.length === 0) return { ok: false, reason: REASONS.noFace };
    if (faces.length > 1) return { ok: false, reason: REASONS.manyFaces };
    const f = faces[0];
    const box: [number, number, number, number] = [numOf(f.X), numOf(f.Y), numOf(f.Width), numOf(f.Height)];
    if (Math.min(box[2], box[3]) < MIN_FACE) return { ok: false, reason: REASONS.small };
    const score = numOf(objOf(f.FaceQualityInfo).Score, 100);
    if (score < MIN_QUALITY) return { ok: false, reason: REASONS.quality };
    return { ok: true, score: score / 100, box };
  }

  /** Liveness of a single photo (DetectLiveFace), only when the admin turned liveCheck on (it costs extra). */
  async function liveRefusal(img: Buffer): Promise<string | null> {
    if (!liveCheck) return null;
    const a = await call('DetectLiveFace', { Image: b64(img), FaceModelVersion: cfg.model });
    if (!a.ok) return a.reason;
    return a.res.IsLiveness === false ? REASONS.liveness : null;
  }

  /** CompareFace: two images, nothing kept by the provider (ImageA the reference, ImageB the live one). */
  async function compareFace(img: Buffer, reference: Buffer) {
    const a = await call('CompareFace', {
      ImageA: b64(reference),
      ImageB: b64(img),
      FaceModelVersion: cfg.model,
      QualityControl: 1,
    });
    if (!a.ok) return { reason: a.reason };
    return verdictOf(cfg, numOf(a.res.Score));
  }

  const personIdOf = (userId: string) => `u${userId}`;

  return cloudEngine('qcloud', cfg, groupId, {
    quality,

    async addToLibrary(img, userId) {
      const personId = personIdOf(userId);
      const create = () =>
        call('CreatePerson', {
          GroupId: groupId,
          PersonName: userId,
          PersonId: personId,
          Image: b64(img),
          FaceModelVersion: cfg.model,
        });
      let a = await create();
      if (!a.ok && a.code === 'InvalidParameterValue.PersonIdAlreadyExist') {
        // A new photo replaces the old one: the person is made again from this photo alone.
        await call('DeletePerson', { PersonId: personId });
        a = await create();
      }
      if (!a.ok) return { reason: a.reason || REASONS.badImage };
      return { template: personId };
    },

    async compare(img: Buffer, enrolled: EnrolledFace) {
      // With a person group the live image is verified against the enrolled person (VerifyFace); without one,
      // or when the person is gone from the group, the enrolled photo and the live image are compared.
      const live = await liveRefusal(img);
      if (live) return { reason: live };
      if (groupId && enrolled.template) {
        const a = await call('VerifyFace', { PersonId: enrolled.template, Image: b64(img), QualityControl: 1 });
        if (a.ok) return verdictOf(cfg, numOf(a.res.Score));
        if (a.code !== 'InvalidParameterValue.PersonIdNotExist') return { reason: a.reason };
      }
      if (!enrolled.image) return { reason: REASONS.noMatch };
      return compareFace(img, await enrolled.image());
    },

    async compareImages(img: Buffer, reference: Buffer) {
      const live = await liveRefusal(img);
      return live ? { reason: live } : compareFace(img, reference);
    },

    async search(img: Buffer) {
      const live = await liveRefusal(img);
      if (live) return { reason: live };
      const a = await call('SearchFaces', {
        GroupIds: [groupId],
        Image: b64(img),
        MaxFaceNum: 1,
        MaxPersonNum: 1,
        FaceModelVersion: cfg.model,
        QualityControl: 1,
        NeedPersonInfo: 0,
      });
      if (!a.ok) return { reason: a.reason };
      const best = objOf(listOf(objOf(listOf(a.res.Results)[0]).Candidates)[0]);
      const personId = strOf(best.PersonId);
      if (!personId.startsWith('u')) return { reason: REASONS.noMatch };
      const v = verdictOf(cfg, numOf(best.Score));
      return v.pass ? { userId: personId.slice(1), ...v } : { reason: REASONS.noMatch };
    },

    async forget(template: string) {
      if (!template) return;
      const a = await call('DeletePerson', { PersonId: template });
      // Already gone is what we wanted.
      if (!a.ok && a.code !== 'InvalidParameterValue.PersonIdNotExist') throw new FaceCloudFailed('qcloud', a.code);
    },
  });
}
