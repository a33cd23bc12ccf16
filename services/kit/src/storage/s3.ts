import { Readable } from 'node:stream';
import { Client } from 'minio';
import type { Storage } from './types';

export type S3Options = {
  provider: string;
  /** `https://host[:port]` or a bare host (https then). */
  endpoint: string;
  region: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  /** Public base URL of the bucket, ending with `/`. */
  url: string;
  /** MinIO and s3rver want path-style URLs; the clouds want virtual-hosted ones. */
  pathStyle: boolean;
};

/** Large parts: a file up to this size goes in one PUT (s3rver cannot list multipart uploads). */
const PART_SIZE = 600 * 1024 * 1024;

export function parseEndpoint(endpoint: string) {
  const u = new URL(/^https?:\/\//i.test(endpoint) ? endpoint : `https://${endpoint}`);
  const useSSL = u.protocol === 'https:';
  return { endPoint: u.hostname, port: u.port ? Number(u.port) : useSSL ? 443 : 80, useSSL };
}

// A HEAD has no body, so a missing object says NotFound rather than NoSuchKey.
const missing = (e: unknown) => ['NoSuchKey', 'NotFound'].includes(String((e as { code?: string }).code));

/** Any S3-compatible store through the `minio` client: MinIO, Aliyun OSS, Tencent COS, Qiniu Kodo. */
export function s3Storage(o: S3Options): Storage {
  const client = new Client({
    ...parseEndpoint(o.endpoint),
    accessKey: o.accessKey,
    secretKey: o.secretKey,
    region: o.region, // known region: the client never asks the bucket where it lives
    pathStyle: o.pathStyle,
    partSize: PART_SIZE,
  });
  return {
    provider: o.provider,
    async put(key, { body, size, contentType }) {
      await client.putObject(o.bucket, key, Buffer.isBuffer(body) ? body : (body as Readable), size, {
        'Content-Type': contentType,
      });
    },
    async read(key, range) {
      try {
        return range
          ? await client.getPartialObject(o.bucket, key, range.start, range.end - range.start + 1)
          : await client.getObject(o.bucket, key);
      } catch (e) {
        if (missing(e)) return null;
        throw e;
      }
    },
    async size(key) {
      try {
        return (await client.statObject(o.bucket, key)).size;
      } catch (e) {
        if (missing(e)) return null;
        throw e;
      }
    },
    async remove(key) {
      await client.removeObject(o.bucket, key);
    },
    urlOf: (key) => o.url + key,
  };
}
