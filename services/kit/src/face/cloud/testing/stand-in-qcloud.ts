import { randomUUID, timingSafeEqual } from 'node:crypto';
import { parseTc3Authorization, tc3Sign, utcDate } from '../qcloud-sign';
import { type Handler, json, type Seen, type StandInCore } from './stand-in-core';

/** Tencent IAI as the stand-in plays it (tests only): signature v3 checked, documented shapes and codes. */
export function qcloudStandIn(core: StandInCore): Handler {
  const persons = new Map<string, { group: string; seen: Seen }>();
  const regions = ['ap-beijing', 'ap-shanghai', 'ap-guangzhou'];

  return async (req, raw, res) => {
    if (req.method !== 'POST' || !req.url?.startsWith('/qcloud/')) return false;
    const cfg = core.opts.qcloud;
    const action = String(req.headers['x-tc-action'] ?? '');
    core.record('qcloud', action);
    const reply = (r: Record<string, unknown>) => json(res, 200, { Response: { ...r, RequestId: randomUUID() } });
    const fail = (Code: string, Message = Code) => reply({ Error: { Code, Message } });

    const auth = parseTc3Authorization(String(req.headers.authorization ?? ''));
    if (!cfg || !auth)
      return (fail('AuthFailure.InvalidAuthorization', 'Authorization in the request header is invalid.'), true);
    if (auth.secretId !== cfg.secretId)
      return (fail('AuthFailure.SecretIdNotFound', 'The SecretId is not found.'), true);
    const ts = Number(req.headers['x-tc-timestamp']);
    if (!Number.isInteger(ts) || Math.abs(core.now() - ts) > 300)
      return (fail('AuthFailure.SignatureExpire', 'Signature expired.'), true);
    const signed: Record<string, string> = {};
    for (const h of auth.signedHeaders) signed[h] = String(req.headers[h] ?? '');
    const mine = tc3Sign({
      secretId: cfg.secretId,
      secretKey: cfg.secretKey,
      service: 'iai',
      timestamp: ts,
      payload: raw.toString('utf8'),
      headers: signed,
    });
    const same =
      mine.signature.length === auth.signature.length &&
      timingSafeEqual(Buffer.from(mine.signature), Buffer.from(auth.signature));
    const complete =
      auth.signedHeaders.includes('content-type') &&
      auth.signedHeaders.includes('host') &&
      auth.date === utcDate(ts) &&
      auth.service === 'iai';
    if (!same || !complete)
      return (fail('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.'), true);
    if (req.headers['x-tc-version'] !== '2020-03-03')
      return (fail('NoSuchVersion', 'The API version does not exist.'), true);
    if (!regions.includes(String(req.headers['x-tc-region'])))
      return (fail('UnsupportedRegion', 'API does not support the requested region.'), true);
    if (core.throttled('qcloud'))
      return (fail('RequestLimitExceeded', 'The number of requests exceeds the frequency limit.'), true);

    let p: Record<string, unknown>;
    try {
      p = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    } catch {
      return (fail('InvalidParameter', 'The body is not JSON.'), true);
    }
    const img = (v: unknown) => (typeof v === 'string' && v ? Buffer.from(v, 'base64') : undefined);
    const noFace = () => fail('FailedOperation.ImageFacedetectFailed', 'Face detection failed.');
    const model = String(p.FaceModelVersion ?? '3.0');

    switch (action) {
      case 'DetectFace': {
        const s = core.see(img(p.Image));
        if (!s) return (noFace(), true);
        const n = Math.min(s.faces ?? 1, Number(p.MaxFaceNum ?? 1));
        const size = s.size ?? 200;
        const FaceInfos = Array.from({ length: n }, (_, i) => ({
          X: 10 + i * 250,
          Y: 20,
          Width: i ? size / 2 : size,
          Height: i ? size / 2 : size,
          FaceQualityInfo:
            p.NeedQualityDetection === 1
              ? { Score: s.quality ?? 90, Sharpness: s.quality ?? 90, Brightness: 60 }
              : undefined,
        }));
        return (reply({ ImageWidth: 640, ImageHeight: 480, FaceInfos, FaceModelVersion: model }), true);
      }
      case 'CompareFace': {
        const a = core.see(img(p.ImageA));
        const b = core.see(img(p.ImageB));
        if (!a || !b) return (noFace(), true);
        if (Number(p.QualityControl ?? 0) > 0 && ((a.quality ?? 90) < 40 || (b.quality ?? 90) < 40))
          return (fail('FailedOperation.FaceQualityNotQualified', 'Face quality not qualified.'), true);
        return (reply({ Score: core.similarity(a, b), FaceModelVersion: model }), true);
      }
      case 'DetectLiveFace': {
        const s = core.see(img(p.Image));
        if (!s) return (noFace(), true);
        return (
          reply({ Score: s.live === false ? 12 : 97, FaceModelVersion: model, IsLiveness: s.live !== false }), true
        );
      }
      case 'CreatePerson': {
        const group = String(p.GroupId ?? '');
        if (!(cfg.groups ?? []).includes(group))
          return (fail('InvalidParameterValue.GroupIdNotExist', 'The group does not exist.'), true);
        if (persons.has(String(p.PersonId)))
          return (fail('InvalidParameterValue.PersonIdAlreadyExist', 'The person id already exists.'), true);
        const s = core.see(img(p.Image));
        if (!s) return (noFace(), true);
        persons.set(String(p.PersonId), { group, seen: s });
        return (reply({ FaceId: randomUUID(), FaceModelVersion: model, SimilarPersonId: '' }), true);
      }
      case 'DeletePerson':
        if (!persons.delete(String(p.PersonId)))
          return (fail('InvalidParameterValue.PersonIdNotExist', 'The person does not exist.'), true);
        return (reply({}), true);
      case 'VerifyFace': {
        const person = persons.get(String(p.PersonId));
        if (!person) return (fail('InvalidParameterValue.PersonIdNotExist', 'The person does not exist.'), true);
        const s = core.see(img(p.Image));
        if (!s) return (noFace(), true);
        const Score = core.similarity(person.seen, s);
        return (reply({ Score, IsMatch: Score >= 50, FaceModelVersion: model }), true);
      }
      case 'SearchFaces': {
        const groups = Array.isArray(p.GroupIds) ? p.GroupIds.map(String) : [];
        const s = core.see(img(p.Image));
        if (!s) return (noFace(), true);
        const candidates = [...persons]
          .filter(([, v]) => groups.includes(v.group))
          .map(([PersonId, v]) => ({
            PersonId,
            FaceId: '',
            Score: core.similarity(v.seen, s),
            PersonName: null,
            Gender: null,
            PersonGroupInfos: null,
          }));
        if (!candidates.length) return (fail('InvalidParameterValue.NoFaceInGroups', 'No face in the groups.'), true);
        candidates.sort((x, y) => y.Score - x.Score);
        return (
          reply({
            Results: [
              {
                Candidates: candidates.slice(0, Number(p.MaxPersonNum ?? 5)),
                FaceRect: { X: 10, Y: 20, Width: 200, Height: 200 },
                RetCode: 0,
              },
            ],
            FaceNum: 1,
            FaceModelVersion: model,
          }),
          true
        );
      }
      default:
        return (fail('InvalidAction', 'The API does not exist.'), true);
    }
  };
}
