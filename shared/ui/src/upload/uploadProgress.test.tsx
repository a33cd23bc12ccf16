// In the DOM project: the progress path of `upload` (shared/api) uses XMLHttpRequest, which Node lacks.
import { afterAll, beforeAll, describe, expect, it, rs } from '@rstest/core';
import { ApiError, configureApi, upload } from '@exam/api';
import { errorReply, okReply, startTestServer, type TestServer } from '@exam/api/testing';
import { API_PREFIX } from '@exam/contracts';

let server: TestServer;
const notify = rs.fn();
beforeAll(async () => {
  server = await startTestServer();
  configureApi({ baseUrl: server.url, notify });
});
afterAll(() => server.close());

describe('upload with progress', () => {
  it('sends the multipart form, reports progress up to 100 and unwraps the envelope', async () => {
    server.route(`${API_PREFIX}/up`, (req) => okReply({ type: req.headers['content-type'], body: req.body }));
    const seen: number[] = [];
    const file = new File(['x'.repeat(50_000)], 'a.mp4', { type: 'video/mp4' });
    const res = await upload<{ type: string; body: string }>(
      `${API_PREFIX}/up`,
      file,
      { title: '课件' },
      { onProgress: (p) => seen.push(p) },
    );
    expect(res.type).toMatch(/^multipart\/form-data/);
    expect(res.body).toContain('name="file"; filename="a.mp4"');
    expect(res.body).toContain('name="title"');
    expect(seen.at(-1)).toBe(100);
  });

  it('an error envelope rejects with its message and is shown once', async () => {
    server.route(`${API_PREFIX}/up-bad`, errorReply(10010001, '不支持的文件类型！'));
    const err = await upload<never>(
      `${API_PREFIX}/up-bad`,
      new File(['x'], 'a.exe'),
      {},
      { onProgress: () => {} },
    ).catch((e: ApiError) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.msg).toBe('不支持的文件类型！');
    expect(notify).toHaveBeenCalledTimes(1);
  });
});
