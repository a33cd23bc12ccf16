import { createHash } from 'node:crypto';
import { listOf, numOf, objOf, strOf } from '../../http/fetch-json';
import type { EnrolledFace, FaceConfig, FaceEngine, FaceQuality } from '../engine';
import { verdictOf } from '../engine';
import { cloudEngine } from './cloud-engine';
import { type ErrorTable, FaceCloudAuthFailed, failure, REASONS } from './errors';
import { type CloudOptions, cloudOptionsFromEnv, cloudSettings, nowSec, post, send } from './http';

/** Baidu AI face recognition v3: an OAuth access token (client_credentials), then JSON calls with it. */
const BASE = 'https://aip.baidubce.com';
/** Baidu's recommended quality limits (detect v3 "quality" field). */
const LIMITS = { blur: 0.7, illumination: 40, completeness: 1, occlusion: 0.6, probability: 0.8, size: 64 };

const ERRORS: ErrorTable = {
  auth: ['6', '14', '100', '110', '111', '216015', '222901'],
  busy: ['2', '4', '17', '18', '19', '216400', '222302', '222361', '282000'],
  reasons: {
    '222202': 'noFace',
    '222203': 'badImage',
    '222204': 'badImage',
    '222304': 'badImage',
    '216201': 'badImage',
    '216202': 'badImage',
    '222207': 'noMatch',
    '222209': 'noMatch',
    '223113': 'quality',
    '223114': 'quality',
    '223115': 'quality',
    '223116': 'quality',
    '223121': 'quality',
    '223122': 'quality',
    '223123': 'quality',
    '223124': 'quality',
    '223125': 'quality',
    '223126': 'quality',
    '223127': 'quality',
    '222213': 'small',
    '222309': 'small',
    '223120': 'liveness',
  },
  // 223103 "user is not exist": a forgotten user already gone.
  expected: ['223103'],
};

/** Tokens live 30 days; they are shared by every engine built for the same keys (one per process). */
const tokens = new Map<string, { token: string; expiresAt: number } | Promise<string>>();

export function baiduEngine(cfg: FaceConfig, o: CloudOptions = cloudOptionsFromEnv()): FaceEngine {
  const {
    appKey: apiKey,
    secretKey,
    faceGroup: group,
    liveCheck,
  } = cloudSettings(cfg, 'baidu', ['appKey', 'secretKey'], ['faceGroup']);
  const liveness = liveCheck ? 'NORMAL' : 'NONE';
  const base = o.baseUrl ? `${o.baseUrl}/baidu` : BASE;
  // The cache key names the keys without holding the secret in clear.
  const cacheKey = createHash('sha256').update(`${base}\n${apiKey}\n${secretKey}`).digest('hex');

  async function fetchToken(): Promise<string> {
    const q = new URLSearchParams({ grant_type: 'client_credentials', client_id: apiKey, client_secret: secretKey });
    const { status, body } = await send(
      'baidu',
      `${base}/oauth/2.0/token?${q}`,
      { method: 'POST', headers: { Accept: 'application/json' } },
      o,
    );
    const token = strOf(body.access_token);
    if (!token) {
      // invalid_client (unknown client id / Client authentication failed): the keys are wrong.
      if (body.error || status === 401) throw new FaceCloudAuthFailed('baidu', strOf(body.error) || `http-${status}`);
      throw new FaceCloudAuthFailed('baidu', 'no-token');
    }
    // Renewed a minute early so a token never expires between our check and Baidu's.
    tokens.set(cacheKey, { token, expiresAt: nowSec(o) + Math.max(0, numOf(body.expires_in, 2592000) - 60) });
    return token;
  }

  /** The cached token, or one fetch shared by every caller waiting for it. */
  async function token(fresh = false): Promise<string> {
    const c = tokens.get(cacheKey);
    if (c instanceof Promise) return c;
    if (c && !fresh && c.expiresAt > nowSec(o)) return c.token;
    const p = fetchToken().catch((e: unknown) => {
      tokens.delete(cacheKey);
      throw e;
    });
    tokens.set(cacheKey, p);
    return p;
  }

  type Answer = { ok: true; result: Record<string, unknown> } | { ok: false; code: string; reason: string };

  /** One call; a token Baidu calls invalid or expired (110/111) is fetched again once. */
  async function call(path: string, body: unknown, retried = false): Promise<Answer> {
    const t = await token(retried);
    const url = `${base}/rest/2.0/face/v3/${path}?access_token=${encodeURIComponent(t)}`;
    const { body: r } = await post('baidu', url, { 'Content-Type': 'application/json' }, JSON.stringify(body), o);
    const code = String(numOf(r.error_code, 0));
    if (code === '0') return { ok: true, result: objOf(r.result) };
    if ((code === '110' || code === '111') && !retried) return call(path, body, true);
    return failure('baidu', ERRORS, code, strOf(r.error_msg));
  }

  const image = (img: Buffer) => ({ image: img.toString('base64'), image_type: 'BASE64' });

  async function quality(img: Buffer): Promise<FaceQuality> {
    const a = await call('detect', { ...image(img), face_field: 'quality', max_face_num: 5 });
    if (!a.ok) return { ok: false, reason: a.reason };
    const faces = listOf(a.result.face_list).map(objOf);
    if (faces.length === 0) return { ok: false, reason: REASONS.noFace };
    if (faces.length > 1) return { ok: false, reason: REASONS.manyFaces };
    const f = faces[0];
    const loc = objOf(f.location);
    const box: [number, number, number, number] = [
      numOf(loc.left),
      numOf(loc.top),
      numOf(loc.width),
      numOf(loc.height),
    ];
    if (Math.min(box[2], box[3]) < LIMITS.size) return { ok: false, reason: REASONS.small };
    const q = objOf(f.quality);
    const occluded = Object.values(objOf(q.occlusion)).some((v) => numOf(v) > LIMITS.occlusion);
    const bad =
      numOf(q.blur) > LIMITS.blur ||
      numOf(q.illumination, 255) < LIMITS.illumination ||
      numOf(q.completeness, 1) < LIMITS.completeness ||
      occluded;
    const probability = numOf(f.face_probability, 1);
    if (bad || probability < LIMITS.probability) return { ok: false, reason: REASONS.quality };
    return { ok: true, score: probability, box };
  }

  /** face match v3: the live image (liveness when the admin turned it on) against a reference; nothing is kept by Baidu. */
  async function match(img: Buffer, reference: { image: string; image_type: string }) {
    const a = await call('match', [
      { ...image(img), face_type: 'LIVE', quality_control: 'LOW', liveness_control: liveness },
      { ...reference, face_type: 'LIVE', quality_control: 'NONE', liveness_control: 'NONE' },
    ]);
    if (!a.ok) return { reason: a.reason || REASONS.noMatch };
    return verdictOf(cfg, numOf(a.result.score));
  }

  // Baidu user ids allow letters, digits and underscores only.
  const userIdOf = (userId: string) => `u_${userId.replace(/[^A-Za-z0-9_]/g, '_')}`;

  return cloudEngine('baidu', cfg, group, {
    quality,

    async addToLibrary(img, userId) {
      const a = await call('faceset/user/add', {
        ...image(img),
        group_id: group,
        user_id: userIdOf(userId),
        quality_control: 'NORMAL',
        liveness_control: 'NONE',
        action_type: 'REPLACE',
      });
      if (!a.ok) return { reason: a.reason };
      return { template: strOf(a.result.face_token) };
    },

    async compare(img: Buffer, enrolled: EnrolledFace) {
      if (enrolled.image) return match(img, image(await enrolled.image()));
      // Only the face token of the group's face is known: match accepts it in place of the image.
      return enrolled.template
        ? match(img, { image: enrolled.template, image_type: 'FACE_TOKEN' })
        : { reason: REASONS.noMatch };
    },

    compareImages: (live: Buffer, reference: Buffer) => match(live, image(reference)),

    async search(img: Buffer) {
      const a = await call('search', {
        ...image(img),
        group_id_list: group,
        max_user_num: 1,
        quality_control: 'LOW',
        liveness_control: liveness,
      });
      if (!a.ok) return { reason: a.reason || REASONS.noMatch };
      const best = objOf(listOf(a.result.user_list)[0]);
      const id = strOf(best.user_id);
      const v = verdictOf(cfg, numOf(best.score));
      return id.startsWith('u_') && v.pass ? { userId: id.slice(2), ...v } : { reason: REASONS.noMatch };
    },

    async forget(_template: string, { userId }) {
      if (group) await call('faceset/user/delete', { group_id: group, user_id: userIdOf(userId) });
    },
  });
}

/** Tests: forget every cached token. */
export const clearBaiduTokens = () => tokens.clear();
