import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { rpcSignature } from '../aliyun-sign';
import { type Handler, json, type Seen, type StandInCore } from './stand-in-core';

/** Alibaba facebody + its upload bucket as the stand-in plays them (tests only): RPC signature 1.0 checked. */
export function aliyunStandIn(core: StandInCore): Handler {
  const nonces = new Set<string>();
  const files = new Map<string, Buffer>();
  const grants = new Map<string, string>();
  const ossSecret = randomBytes(16).toString('hex');
  const entities = new Map<string, Seen | null>();

  /** The OSS form POST the client makes with an AuthorizeFileUpload grant. */
  async function oss(url: string, headers: Record<string, string>, raw: Buffer) {
    const form = await new Request(`http://stand-in${url}`, {
      method: 'POST',
      headers,
      body: new Uint8Array(raw),
    }).formData();
    const key = String(form.get('key') ?? '');
    const policy = String(form.get('policy') ?? '');
    const sig = createHmac('sha1', ossSecret).update(policy).digest('base64');
    const file = form.get('file');
    if (grants.get(key) !== policy || form.get('Signature') !== sig || !(file instanceof Blob)) return 403;
    files.set(key, Buffer.from(await file.arrayBuffer()));
    return 201;
  }

  return async (req, raw, res) => {
    if (req.method !== 'POST') return false;
    if (req.url?.startsWith('/oss/')) {
      const status = await oss(req.url, { 'content-type': String(req.headers['content-type'] ?? '') }, raw).catch(
        () => 400,
      );
      res.writeHead(status).end();
      return true;
    }
    if (!req.url?.startsWith('/aliyun/')) return false;
    const cfg = core.opts.aliyun;
    const p = Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
    core.record('aliyun', p.Action ?? '');
    const RequestId = randomUUID();
    const fail = (status: number, Code: string, Message: string) =>
      json(res, status, { RequestId, HostId: 'facebody.cn-shanghai.aliyuncs.com', Code, Message, Recommend: '' });
    const ok = (body: Record<string, unknown>) => json(res, 200, { RequestId, ...body });

    if (!cfg || p.AccessKeyId !== cfg.accessKeyId)
      return (fail(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.'), true);
    if (p.SignatureMethod !== 'HMAC-SHA1' || p.SignatureVersion !== '1.0' || !p.Signature || !p.SignatureNonce)
      return (fail(400, 'IncompleteSignature', 'The request signature does not conform to Aliyun standards.'), true);
    const ts = Date.parse(p.Timestamp ?? '') / 1000;
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(p.Timestamp ?? '') || Math.abs(core.now() - ts) > 900)
      return (fail(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.'), true);
    const mine = Buffer.from(rpcSignature('POST', p, cfg.accessKeySecret));
    const theirs = Buffer.from(p.Signature);
    if (mine.length !== theirs.length || !timingSafeEqual(mine, theirs))
      return (fail(400, 'SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.'), true);
    if (nonces.has(p.SignatureNonce))
      return (fail(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.'), true);
    nonces.add(p.SignatureNonce);
    if (core.throttled('aliyun'))
      return (fail(400, 'Throttling.User', 'Request was denied due to user flow control.'), true);

    const fromUrl = (u: string | undefined) => {
      const key = u ? decodeURIComponent(new URL(u).pathname.split('/').slice(3).join('/')) : '';
      return core.see(files.get(key));
    };
    const fromData = (d: string | undefined) => (d ? core.see(Buffer.from(d, 'base64')) : undefined);
    const noFace = () =>
      fail(400, 'InvalidFile.Content', 'The content of the file does not meet the requirements: no face detected.');

    if (p.Version === '2019-12-19' && p.Action === 'AuthorizeFileUpload') {
      const key = `upload/${randomUUID()}.jpg`;
      const policy = Buffer.from(
        JSON.stringify({
          expiration: new Date((core.now() + 1800) * 1000).toISOString(),
          conditions: [['eq', '$key', key]],
        }),
      ).toString('base64');
      grants.set(key, policy);
      return (
        ok({
          AccessKeyId: 'STS.standin',
          Bucket: 'viapi-customer-temp',
          Endpoint: 'oss-cn-shanghai.aliyuncs.com',
          ObjectKey: key,
          EncodedPolicy: policy,
          Signature: createHmac('sha1', ossSecret).update(policy).digest('base64'),
          UseAccelerate: false,
        }),
        true
      );
    }
    if (p.Version !== '2019-12-30')
      return (fail(400, 'InvalidVersion', 'Specified parameter Version is not valid.'), true);
    switch (p.Action) {
      case 'DetectFace': {
        const s = fromUrl(p.ImageURL);
        if (!s)
          return (
            ok({ Data: { FaceCount: 0, FaceRectangles: [], FaceProbabilityList: [], Qualities: { ScoreList: [] } } }),
            true
          );
        const n = Math.min(s.faces ?? 1, Number(p.MaxFaceNumber ?? 1));
        const size = s.size ?? 200;
        const rects = Array.from({ length: n }, (_, i) => [
          10 + i * 250,
          20,
          i ? size / 2 : size,
          i ? size / 2 : size,
        ]).flat();
        return (
          ok({
            Data: {
              FaceCount: n,
              FaceRectangles: rects,
              FaceProbabilityList: Array(n).fill(0.99),
              Qualities: { ScoreList: Array(n).fill(s.quality ?? 90) },
            },
          }),
          true
        );
      }
      case 'CompareFace': {
        const a = fromData(p.ImageDataA) ?? fromUrl(p.ImageURLA);
        const b = fromData(p.ImageDataB) ?? fromUrl(p.ImageURLB);
        if (!a || !b) return (noFace(), true);
        return (
          ok({
            Data: {
              Confidence: core.similarity(a, b),
              Thresholds: [61, 69, 75],
              RectAList: [10, 20, 200, 200],
              RectBList: [10, 20, 200, 200],
              QualityScoreA: a.quality ?? 90,
              QualityScoreB: b.quality ?? 90,
            },
          }),
          true
        );
      }
      case 'DetectLivingFace': {
        const s = fromUrl(p['Tasks.1.ImageURL']);
        if (!s) return (noFace(), true);
        const live = s.live !== false;
        return (
          ok({
            Data: {
              Elements: [
                {
                  TaskId: randomUUID(),
                  ImageURL: p['Tasks.1.ImageURL'],
                  Results: [
                    {
                      Label: live ? 'normal' : 'liveness',
                      Suggestion: live ? 'pass' : 'block',
                      Rate: live ? 99.5 : 97.1,
                      Frames: [],
                    },
                  ],
                },
              ],
            },
          }),
          true
        );
      }
      case 'AddFaceEntity':
        if (entities.has(`${p.DbName}/${p.EntityId}`))
          return (fail(400, 'InvalidFaceEntity.Exist', 'The entity already exists.'), true);
        entities.set(`${p.DbName}/${p.EntityId}`, null);
        return (ok({}), true);
      case 'DeleteFaceEntity':
        if (!entities.delete(`${p.DbName}/${p.EntityId}`))
          return (fail(400, 'InvalidFaceEntity.NotFound', 'The entity does not exist.'), true);
        return (ok({}), true);
      case 'AddFace': {
        if (!entities.has(`${p.DbName}/${p.EntityId}`))
          return (fail(400, 'InvalidFaceEntity.NotFound', 'The entity does not exist.'), true);
        const s = fromUrl(p.ImageUrl);
        if (!s) return (noFace(), true);
        entities.set(`${p.DbName}/${p.EntityId}`, s);
        return (ok({ Data: { FaceId: randomUUID() } }), true);
      }
      case 'SearchFace': {
        const s = fromUrl(p.ImageUrl);
        if (!s) return (noFace(), true);
        const items = [...entities]
          .filter(([k, v]) => v && k.startsWith(`${p.DbName}/`))
          .map(([k, v]) => {
            const Confidence = core.similarity(v!, s);
            return {
              EntityId: k.slice(p.DbName.length + 1),
              FaceId: '',
              Score: Confidence / 100,
              Confidence,
              DbName: p.DbName,
              ExtraData: '',
            };
          })
          .sort((x, y) => y.Confidence - x.Confidence);
        return (
          ok({
            Data: {
              MatchList: [
                {
                  Location: { X: 10, Y: 20, Width: 200, Height: 200 },
                  QualitieScore: s.quality ?? 90,
                  FaceItems: items.slice(0, Number(p.Limit ?? 10)),
                },
              ],
            },
          }),
          true
        );
      }
      default:
        return (
          fail(404, 'InvalidAction.NotFound', 'Specified api is not found, please check your url and method.'), true
        );
    }
  };
}
