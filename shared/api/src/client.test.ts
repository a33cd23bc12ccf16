import { afterAll, beforeAll, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { API_PREFIX, Code, defineCall, Type } from '@exam/contracts';
import {
  adoptPrefetched,
  ApiError,
  call,
  clearToken,
  configureApi,
  downloadBlob,
  getToken,
  post,
  prefetch,
  PREFETCH_TTL_MS,
  setToken,
  upload,
} from './index';
import { closedUrl, errorReply, okReply, startTestServer, type TestServer } from './testing';

let server: TestServer;
const notify = rs.fn();
const onAuthExpired = rs.fn();
const onLicense = rs.fn();

/** Runs a call that must fail and returns its ApiError. */
const failure = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => {
      expect(e).toBeInstanceOf(ApiError);
      return e as ApiError;
    },
  );

beforeAll(async () => {
  server = await startTestServer();
  configureApi({ baseUrl: server.url, notify, onAuthExpired, onLicense });
});
afterAll(() => server.close());
beforeEach(() => {
  notify.mockReset();
  onAuthExpired.mockReset();
  onLicense.mockReset();
  clearToken();
});

describe('a busy server (503, Code.BUSY)', () => {
  const busy = {
    ...errorReply(Code.BUSY, '当前参加的人数较多，正在排队，请稍候…', 503),
    headers: { 'retry-after': '1' },
  };

  it('is asked again after the wait it gives, the user told once per refusal; the call then succeeds', async () => {
    const onBusy = rs.fn();
    configureApi({ onBusy });
    let refusals = 2;
    server.route(`${API_PREFIX}/queued`, () => (refusals-- > 0 ? busy : okReply({ id: 'p-1' })));
    const started = Date.now();
    expect(await post(`${API_PREFIX}/queued`, { examId: 'e1' })).toEqual({ id: 'p-1' });
    // Two waits of 1 s each, spread between half and one and a half times.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(onBusy).toHaveBeenCalledTimes(2);
    expect(onBusy).toHaveBeenCalledWith('当前参加的人数较多，正在排队，请稍候…');
    expect(server.requests.filter((r) => r.path === `${API_PREFIX}/queued`).map((r) => r.json)).toEqual([
      { examId: 'e1' },
      { examId: 'e1' },
      { examId: 'e1' },
    ]);
    expect(notify).not.toHaveBeenCalled();
  });

  it('any other 503 is an error at once (the call may have run: never sent twice)', async () => {
    let asked = 0;
    server.route(`${API_PREFIX}/down`, () => {
      asked++;
      return errorReply(Code.SERVER_ERROR, '服务暂不可用', 503);
    });
    const err = await failure(post(`${API_PREFIX}/down`));
    expect([err.status, asked]).toEqual([503, 1]);
  });
});

describe('post', () => {
  it('returns the envelope data and sends the token header', async () => {
    server.route(`${API_PREFIX}/echo`, (req) => okReply({ token: req.headers.token ?? null, body: req.json }));
    expect(await post(`${API_PREFIX}/echo`, { a: 1 })).toEqual({ token: null, body: { a: 1 } });
    setToken('t-1');
    expect(getToken()).toBe('t-1');
    expect(await post(`${API_PREFIX}/echo`)).toEqual({ token: 't-1', body: {} });
  });

  it('throws ApiError with the server message and notifies unless silent', async () => {
    server.route(`${API_PREFIX}/conflict`, errorReply(20010002, '考试正在进行中', 409));
    const err = await failure(post(`${API_PREFIX}/conflict`));
    expect([err.code, err.msg, err.status]).toEqual([20010002, '考试正在进行中', 409]);
    expect(notify).toHaveBeenCalledWith('考试正在进行中');
    notify.mockReset();
    await failure(post(`${API_PREFIX}/conflict`, {}, { silent: true }));
    expect(notify).not.toHaveBeenCalled();
  });

  it('10010002 clears the token and reports the expired session', async () => {
    server.route(`${API_PREFIX}/expired`, errorReply(10010002, '登录超时，请重新登录', 401));
    setToken('old');
    const err = await failure(post(`${API_PREFIX}/expired`));
    expect(err.code).toBe(10010002);
    expect(getToken()).toBe('');
    expect(onAuthExpired).toHaveBeenCalledTimes(1);
    expect(onLicense).not.toHaveBeenCalled();
    expect(notify).toHaveBeenCalledWith('登录超时，请重新登录');
  });

  it('a refusal of a call sent without a session (a page still showing after 退出) goes to login without telling', async () => {
    server.route(`${API_PREFIX}/expired`, errorReply(10010002, '登录超时，请重新登录', 401));
    clearToken();
    await failure(post(`${API_PREFIX}/expired`));
    expect(notify).not.toHaveBeenCalled();
    expect(onAuthExpired).toHaveBeenCalledTimes(1);
  });

  it('10010015 clears the token and goes to the licence page', async () => {
    server.route(`${API_PREFIX}/license`, errorReply(10010015, '授权失效'));
    setToken('old');
    await failure(post(`${API_PREFIX}/license`));
    expect(getToken()).toBe('');
    expect(onLicense).toHaveBeenCalledTimes(1);
  });

  it.each([
    [400, '缺少必要参数或参数类型错误！'],
    [404, '接口地址错误，请联系管理员！'],
    [500, '服务器开小差了！'],
    [502, '无法连接服务器！'],
    [418, '请求服务器出错！'],
  ])('HTTP %i without an envelope reads "%s"', async (status, msg) => {
    server.route(`${API_PREFIX}/status-${status}`, { status, body: '<html>proxy</html>', contentType: 'text/html' });
    const err = await failure(post(`${API_PREFIX}/status-${status}`));
    expect([err.status, err.msg]).toEqual([status, msg]);
    expect(notify).toHaveBeenCalledWith(msg);
  });

  it('an unknown path answers 404 wording', async () => {
    expect((await failure(post(`${API_PREFIX}/nowhere`))).msg).toBe('接口地址错误，请联系管理员！');
  });

  it('no response reads 服务器无法连接或无法响应！', async () => {
    configureApi({ baseUrl: await closedUrl() });
    try {
      const err = await failure(post(`${API_PREFIX}/anything`));
      expect([err.status, err.msg]).toEqual([0, '服务器无法连接或无法响应！']);
    } finally {
      configureApi({ baseUrl: server.url });
    }
  });
});

describe('prefetch', () => {
  it('asks once: the first post of the same call and body takes the early reply, a later one asks again', async () => {
    let n = 0;
    server.route(`${API_PREFIX}/menus`, (req) => okReply({ n: ++n, body: req.json }));
    void prefetch(`${API_PREFIX}/menus`, { terminal: 'web' });
    await new Promise((r) => setTimeout(r, 50));
    expect(await post(`${API_PREFIX}/menus`, { terminal: 'web' })).toEqual({ n: 1, body: { terminal: 'web' } });
    expect(await post(`${API_PREFIX}/menus`, { terminal: 'web' })).toEqual({ n: 2, body: { terminal: 'web' } });
    // Another body is another call.
    void prefetch(`${API_PREFIX}/menus`, { terminal: 'admin' });
    expect(await post(`${API_PREFIX}/menus`, { terminal: 'web' })).toMatchObject({ body: { terminal: 'web' } });
  });

  it("a list page asked early is the page: the paging calls' send-time stamp `t` is not part of the call", async () => {
    let n = 0;
    server.route(`${API_PREFIX}/paging`, () => okReply({ n: ++n }));
    void prefetch(`${API_PREFIX}/paging`, { current: 1, size: 10, params: { flag: 'ALL' } });
    expect(
      await post(`${API_PREFIX}/paging`, { current: 1, size: 10, params: { flag: 'ALL' }, t: Date.now() }),
    ).toEqual({ n: 1 });
  });

  it('an early reply not taken within PREFETCH_TTL_MS is dropped: a later ask gets fresh data', async () => {
    let n = 0;
    server.route(`${API_PREFIX}/stale`, () => okReply({ n: ++n }));
    await prefetch(`${API_PREFIX}/stale`, {});
    const later = Date.now() + PREFETCH_TTL_MS + 1;
    const now = rs.spyOn(Date, 'now').mockReturnValue(later);
    try {
      expect(await post(`${API_PREFIX}/stale`, {})).toEqual({ n: 2 });
    } finally {
      now.mockRestore();
    }
  });

  it('a call the page sent before the client loaded is taken by the first post of it, read as any reply', async () => {
    let n = 0;
    server.route(`${API_PREFIX}/user`, () => okReply({ n: ++n }));
    const sentByPage = fetch(`${server.url}${API_PREFIX}/user`, { method: 'POST', body: '{}' });
    adoptPrefetched(`${API_PREFIX}/user`, {}, sentByPage);
    expect(await post(`${API_PREFIX}/user`, {})).toEqual({ n: 1 });
    expect(await post(`${API_PREFIX}/user`, {})).toEqual({ n: 2 }); // taken once
  });

  it('a call the page sent that failed (an error envelope, or no answer) is asked again by the post, which shows its error', async () => {
    server.route(`${API_PREFIX}/down`, errorReply(500, '服务器开小差了', 500));
    adoptPrefetched(`${API_PREFIX}/down`, {}, fetch(`${server.url}${API_PREFIX}/down`, { method: 'POST', body: '{}' }));
    adoptPrefetched(
      `${API_PREFIX}/gone`,
      {},
      closedUrl().then((url) => fetch(url)),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(notify).not.toHaveBeenCalled(); // silent until a post takes it
    expect((await failure(post(`${API_PREFIX}/down`))).msg).toBe('服务器开小差了');
    expect(notify).toHaveBeenCalledWith('服务器开小差了');
    server.route(`${API_PREFIX}/gone`, () => okReply('back'));
    expect(await post(`${API_PREFIX}/gone`, {})).toBe('back');
  });

  it('a failed early reply is silent, and the post that takes it asks again and shows that error', async () => {
    server.route(`${API_PREFIX}/flaky`, errorReply(500, '服务器开小差了', 500));
    await prefetch(`${API_PREFIX}/flaky`).catch(() => undefined);
    expect(notify).not.toHaveBeenCalled();
    const err = await failure(post(`${API_PREFIX}/flaky`));
    expect(err.msg).toBe('服务器开小差了');
    expect(notify).toHaveBeenCalledWith('服务器开小差了');
  });
});

describe('call', () => {
  const Echo = defineCall(
    `${API_PREFIX}/echo-call`,
    Type.Object({ a: Type.Integer() }),
    Type.Object({ body: Type.Unknown() }),
  );

  it("posts the body to the contract's path and resolves with its data", async () => {
    server.route(Echo.url, (req) => okReply({ body: req.json }));
    expect(await call(Echo, { a: 2 })).toEqual({ body: { a: 2 } });
  });

  it('fails as post does, silently when asked', async () => {
    server.route(Echo.url, errorReply(10010001, '参数错误'));
    expect((await failure(call(Echo, { a: 1 }, { silent: true }))).msg).toBe('参数错误');
    expect(notify).not.toHaveBeenCalled();
    await failure(call(Echo, { a: 1 }));
    expect(notify).toHaveBeenCalledWith('参数错误');
  });
});

describe('upload', () => {
  it('sends multipart with the file field and extra fields', async () => {
    server.route(`${API_PREFIX}/up`, (req) => okReply({ type: req.headers['content-type'], body: req.body }));
    const file = new File(['hello'], 'a.txt', { type: 'text/plain' });
    const res = await upload<{ type: string; body: string }>(`${API_PREFIX}/up`, file, { dir: 'x' });
    expect(res.type).toMatch(/^multipart\/form-data/);
    expect(res.body).toContain('name="file"; filename="a.txt"');
    expect(res.body).toContain('name="dir"');
  });
});

describe('downloadBlob', () => {
  it('returns the blob of a file reply', async () => {
    server.route(`${API_PREFIX}/export`, { body: 'col1,col2', contentType: 'application/octet-stream' });
    expect(await (await downloadBlob(`${API_PREFIX}/export`, {})).text()).toBe('col1,col2');
  });

  it('treats a JSON reply as an error envelope', async () => {
    server.route(`${API_PREFIX}/export-bad`, errorReply(10010001, '没有可导出的数据'));
    const err = await failure(downloadBlob(`${API_PREFIX}/export-bad`, {}));
    expect(err.msg).toBe('没有可导出的数据');
    expect(notify).toHaveBeenCalledWith('没有可导出的数据');
  });
});
