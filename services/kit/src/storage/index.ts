import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localStorage } from './local';
import { s3Storage } from './s3';
import type { Storage } from './types';

export type { ByteRange, PutInput, Storage } from './types';
export { localStorage, SAFE_KEY } from './local';
export { parseEndpoint, s3Storage } from './s3';

/** Where the local provider serves files back when no `url` is configured. */
export const LOCAL_FILE_URL = '/api/common/file/get/';
export const STORAGE_PROVIDERS = ['local', 'aliyun', 'qcloud', 'qiniu', 'minio'] as const;
export type StorageProvider = (typeof STORAGE_PROVIDERS)[number];

/** The saved settings of a provider (spec admin §3 "Storage config" data). */
export type StorageData = Partial<
  Record<
    | 'localDir'
    | 'url'
    | 'endpoint'
    | 'region'
    | 'bucket'
    | 'accessKeyId'
    | 'accessKeySecret'
    | 'secretId'
    | 'secretKey',
    string
  >
>;

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const withSlash = (u: string) => (u.endsWith('/') ? u : `${u}/`);

/** The S3 endpoint each cloud publishes for a region, when the settings do not name one. */
function defaultEndpoint(provider: StorageProvider, region: string): string {
  if (provider === 'qcloud') return `cos.${region}.myqcloud.com`;
  if (provider === 'qiniu') return `s3.${region}.qiniucs.com`;
  return '';
}

/**
 * Builds the storage a provider's settings describe. Local files go under `localDir` (default: the
 * data dir's `upload/`); cloud providers are reached through their S3-compatible endpoints.
 */
export function createStorage(provider: string, raw: Record<string, unknown>, dataDir: string): Storage {
  const d = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, str(v)])) as StorageData;
  if (provider === 'local') {
    // An in-memory database (tests) has no data dir: its files go to the system's temp dir, not `./:memory:/`.
    const base = dataDir === ':memory:' ? join(tmpdir(), `exam-memory-${process.pid}`) : dataDir;
    return localStorage({ dir: d.localDir || join(base, 'upload'), url: withSlash(d.url || LOCAL_FILE_URL) });
  }
  if (!(STORAGE_PROVIDERS as readonly string[]).includes(provider))
    throw new Error(`unknown storage provider ${provider}`);
  const p = provider as StorageProvider;
  // Aliyun endpoints look like oss-cn-hangzhou.aliyuncs.com: the region is their first label.
  const region =
    d.region || (p === 'aliyun' ? (d.endpoint ?? '').replace(/^https?:\/\//, '').split('.')[0] : '') || 'us-east-1';
  const endpoint = d.endpoint || defaultEndpoint(p, region);
  const bucket = d.bucket ?? '';
  if (!endpoint || !bucket) throw new Error(`storage ${provider} lacks endpoint or bucket`);
  const pathStyle = p === 'minio';
  const base = /^https?:\/\//.test(endpoint) ? endpoint.replace(/\/+$/, '') : `https://${endpoint}`;
  const url = d.url || (pathStyle ? `${base}/${bucket}/` : base.replace('://', `://${bucket}.`) + '/');
  return s3Storage({
    provider: p,
    endpoint,
    region,
    bucket,
    accessKey: (p === 'qcloud' ? d.secretId : d.accessKeyId) ?? '',
    secretKey: (p === 'qcloud' ? d.secretKey : d.accessKeySecret) ?? '',
    url: withSlash(url),
    pathStyle,
  });
}

/** What bytes in memory say they are (`ext` like png, jpg, zip), or undefined when unknown. */
export async function sniffBytes(data: Uint8Array): Promise<string | undefined> {
  const { fileTypeFromBuffer } = await import('file-type');
  return (await fileTypeFromBuffer(data))?.ext;
}

/** What a file's bytes say it is (`ext` like png, jpg, zip, cfb), or undefined when unknown. */
export async function sniffFile(path: string): Promise<string | undefined> {
  const { fileTypeFromFile } = await import('file-type');
  return (await fileTypeFromFile(path))?.ext;
}
