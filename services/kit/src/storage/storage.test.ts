import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { createStorage } from './index';
import { S3RVER_KEY, startS3rver } from '../testing/s3rver';

const KEY = '20261122/0123456789abcdef0123456789abcdef.txt';

describe('local storage', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'local-store-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes, reads back and removes under the data dir, served under the default URL', async () => {
    const s = createStorage('local', {}, dir);
    await s.put(KEY, { body: Buffer.from('hello'), size: 5, contentType: 'text/plain' });
    expect(await text((await s.read(KEY))!)).toBe('hello');
    expect(s.urlOf(KEY)).toBe(`/api/common/file/get/${KEY}`);
    expect(await s.size(KEY)).toBe(5);
    expect(await text((await s.read(KEY, { start: 1, end: 3 }))!)).toBe('ell');
    await s.remove(KEY);
    expect(await s.read(KEY)).toBeNull();
    expect(await s.size(KEY)).toBeNull();
  });

  it('never reads outside its folder', async () => {
    const s = createStorage('local', { localDir: dir }, '/nowhere');
    expect(await s.read('../../etc/passwd')).toBeNull();
    await expect(s.put('../x.txt', { body: Buffer.from('x'), size: 1, contentType: 'text/plain' })).rejects.toThrow(
      'bad storage key',
    );
  });
});

describe('S3-compatible storage (s3rver)', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  beforeAll(async () => {
    s3 = await startS3rver();
  });
  afterAll(() => s3.close());

  const minio = () =>
    createStorage(
      'minio',
      { endpoint: s3.endpoint, bucket: s3.bucket, accessKeyId: S3RVER_KEY, accessKeySecret: S3RVER_KEY },
      '/unused',
    );

  it('puts and gets an object through the minio client; the URL is path-style', async () => {
    const s = minio();
    await s.put(KEY, { body: Buffer.from('in the bucket'), size: 13, contentType: 'text/plain' });
    expect(await text((await s.read(KEY))!)).toBe('in the bucket');
    expect(s.urlOf(KEY)).toBe(`${s3.endpoint}/${s3.bucket}/${KEY}`);
    expect(await s.size(KEY)).toBe(13);
    expect(await text((await s.read(KEY, { start: 3, end: 8 }))!)).toBe('the bu');
    await s.remove(KEY);
    expect(await s.read(KEY)).toBeNull();
    expect(await s.size(KEY)).toBeNull();
  });

  it("derives the clouds' endpoints and virtual-hosted URLs", () => {
    expect(
      createStorage('qcloud', { region: 'ap-guangzhou', bucket: 'b-125', secretId: 'i', secretKey: 'k' }, '').urlOf(
        'k',
      ),
    ).toBe('https://b-125.cos.ap-guangzhou.myqcloud.com/k');
    expect(
      createStorage(
        'aliyun',
        {
          endpoint: 'oss-cn-hangzhou.aliyuncs.com',
          bucket: 'b',
          accessKeyId: 'i',
          accessKeySecret: 'k',
          url: 'https://cdn.example.com',
        },
        '',
      ).urlOf('k'),
    ).toBe('https://cdn.example.com/k');
    expect(() => createStorage('qiniu', { bucket: '' }, '')).toThrow('lacks endpoint or bucket');
  });
});
