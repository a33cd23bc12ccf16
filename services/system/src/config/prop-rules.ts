import {
  ENCODE_TYPES,
  FACE_DEFAULTS,
  type FaceProvider,
  OAUTH_FIELDS,
  type OauthType,
  type PayProviderCode,
  type PropData,
  PROP_PROVIDERS,
  type PropType,
  SECRET_FIELDS,
  VIDEO_ENCODES,
  VIDEO_QUALITIES,
} from '@exam/contracts';
import { badRequest } from '@exam/server-kit';
import { checkH5Host, checkTmpDir } from '@exam/validators';
import { apiBaseProblem } from '../oauth/api-base';
import { checkPay } from './pay-prop-rules';

type Rule = [field: string, message: string];

/** Required fields per provider with the spec's messages (admin §5). Face config has no rules. */
const REQUIRED: Record<string, Rule[]> = {
  'upload:aliyun': [
    ['endpoint', '存储节点不能为空'],
    ['bucket', '存储空间不能为空'],
    ['accessKeyId', 'AccessKeyId不能为空'],
    ['accessKeySecret', 'AccessKeySecret不能为空'],
    ['arn', '角色ARN必须填写'],
  ],
  'upload:qcloud': [
    ['region', '存储节点不能为空'],
    ['bucket', '存储空间不能为空'],
    ['secretId', 'SecretId不能为空'],
    ['secretKey', 'SecretKey不能为空'],
  ],
  'upload:qiniu': [
    ['region', '存储节点不能为空'],
    ['bucket', '存储空间不能为空'],
    ['accessKeyId', 'AccessKeyId不能为空'],
    ['accessKeySecret', 'AccessKeySecret不能为空'],
  ],
  'upload:minio': [
    ['endpoint', '存储节点不能为空'],
    ['bucket', '存储空间不能为空'],
    ['accessKeyId', 'AccessKeyId不能为空'],
    ['accessKeySecret', 'AccessKeySecret不能为空'],
  ],
  'live:aliyun': [
    ['pushDomain', '推流域名不能为空！'],
    ['pushKey', '推流秘钥不能为空！'],
    ['pullDomain', '播流域名不能为空！'],
    ['pullKey', '播流秘钥不能为空！'],
  ],
};

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : v === undefined || v === null ? '' : String(v));

/** The type and provider of a form, or the spec's warning when either is missing or unknown. */
export function typeAndProvider(
  type: string | undefined,
  provider: string | undefined,
): { type: PropType; provider: string } {
  const providers = type ? PROP_PROVIDERS[type as PropType] : undefined;
  if (type === 'live' && !provider) throw badRequest('服务提供商不能为空！');
  if (!providers || !provider || !providers.includes(provider))
    throw badRequest(type === 'live' ? '服务提供商不能为空！' : '服务商必须选择！');
  return { type: type as PropType, provider };
}

/** Checks a provider's settings (after secrets were restored), throwing the first message. */
export function checkPropData(type: PropType, provider: string, data: PropData) {
  for (const [field, msg] of REQUIRED[`${type}:${provider}`] ?? []) if (!text(data[field])) throw badRequest(msg);
  // Face evidence retention (kit face-capture/retention.ts reads it): whole days, 0 keeps the images.
  const days = text(data.retainDays);
  if (type === 'face' && days && !(/^\d{1,4}$/.test(days) && Number(days) <= 3650))
    throw badRequest('抓拍保存天数应为0~3650的整数！');
  if (type === 'face') checkFaceThresholds(provider as FaceProvider, data);
  if (type === 'oauth') checkOauth(provider as OauthType, data);
  if (type === 'pay') checkPay(provider as PayProviderCode, data);
  if (type !== 'upload') return;
  checkTranscode(data);
  if (provider === 'local') {
    // Empty means the defaults: the data dir's upload/ folder, served at /api/common/file/get/.
    const dirMsg = text(data.localDir) ? checkTmpDir(text(data.localDir)) : undefined;
    const urlMsg = text(data.url) ? checkH5Host(text(data.url)) : undefined;
    if (dirMsg || urlMsg) throw badRequest((dirMsg ?? urlMsg)!);
  } else if (text(data.url) && !/^https?:\/\/\S+\/$/.test(text(data.url))) {
    throw badRequest('URL应以http://或https://开头，以/结尾！');
  }
}

/** Sign-in provider keys: all required; another API address only where the server allows one (tests, the stand-in). */
function checkOauth(provider: OauthType, data: PropData) {
  for (const f of OAUTH_FIELDS[provider])
    if (f.required && !text(data[f.key])) throw badRequest(`${f.label}不能为空！`);
  const problem = apiBaseProblem(text(data.apiBase));
  if (problem) throw badRequest(problem);
}

/** Face thresholds on the provider's own scale (local 0..1, clouds 0..100); empty means the engine's default. */
function checkFaceThresholds(provider: FaceProvider, data: PropData) {
  const { max, threshold: dflt } = FACE_DEFAULTS[provider];
  const num = (field: string) => {
    const v = text(data[field]);
    if (!v) return undefined;
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0 || n > max)
      throw badRequest(`${field === 'threshold' ? '比对阈值' : '人工复核阈值'}应为0~${max}之间的数字！`);
    return n;
  };
  const threshold = num('threshold') ?? dflt;
  const below = num('reviewBelow');
  if (below !== undefined && below > threshold) throw badRequest('人工复核阈值不能大于比对阈值！');
}

/** Video transcoding settings of the storage config (spec admin §8): known values only (the course service reads them). */
function checkTranscode(data: PropData) {
  const pick = (field: string, allowed: readonly string[], msg: string) => {
    if (text(data[field]) && !allowed.includes(text(data[field]))) throw badRequest(msg);
  };
  pick('encodeType', [...ENCODE_TYPES, 'online'], '转码方式不正确！');
  pick('videoEncode', VIDEO_ENCODES, '视频格式不正确！');
  pick('videoQuality', Object.keys(VIDEO_QUALITIES), '视频清晰度不正确！');
}

/** `ab******yz`: enough to recognise a key, never enough to use it. */
export const maskSecret = (v: string) => (v.length > 8 ? `${v.slice(0, 2)}******${v.slice(-2)}` : v ? '******' : '');

export const maskData = (data: PropData): PropData =>
  Object.fromEntries(
    Object.entries(data).map(([k, v]) => [k, SECRET_FIELDS.includes(k) && typeof v === 'string' ? maskSecret(v) : v]),
  );

/**
 * A secret sent back exactly as it was shown (masked) keeps the stored value; with `blankKeeps` (sign-in keys,
 * whose form leaves secrets empty) an empty one does too.
 */
export const restoreSecrets = (incoming: PropData, stored: PropData | undefined, blankKeeps = false): PropData =>
  Object.fromEntries(
    Object.entries(incoming).map(([k, v]) => {
      const old = stored?.[k];
      const keep =
        SECRET_FIELDS.includes(k) &&
        typeof v === 'string' &&
        typeof old === 'string' &&
        old !== '' &&
        (v === maskSecret(old) || (blankKeeps && v.trim() === ''));
      return [k, keep ? old : typeof v === 'string' ? v.trim() : v];
    }),
  );
