import { afterAll, beforeAll, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { configureApi, clearToken, setToken } from '@exam/api';
import { errorReply, okReply, startTestServer, type TestServer } from '@exam/api/testing';
import { API_PREFIX, Code, defineCall } from '@exam/contracts';
import { createElement } from 'react';
import { Provider } from 'react-redux';
import { renderHook } from '@testing-library/react';
import Type from 'typebox';
import { api, callBaseQuery, logout, mutationCall, queryCall, resetSession, store } from './index';

let server: TestServer;
const notify = rs.fn();
const baseApi = { signal: new AbortController().signal } as Parameters<typeof callBaseQuery>[1];

const ItemCalls = {
  detail: defineCall(
    `${API_PREFIX}/test/item/detail`,
    Type.Object({ id: Type.String() }),
    Type.Object({ id: Type.String(), title: Type.String() }),
  ),
  save: defineCall(
    `${API_PREFIX}/test/item/save`,
    Type.Object({ id: Type.String(), title: Type.String() }),
    Type.Null(),
  ),
};

const itemApi = api.enhanceEndpoints({ addTagTypes: ['Item'] }).injectEndpoints({
  endpoints: (build) => ({
    itemDetail: queryCall(build, ItemCalls.detail, { providesTags: ['Item'] }),
    itemSave: mutationCall(build, ItemCalls.save, { invalidatesTags: ['Item'] }),
  }),
});

beforeAll(async () => {
  server = await startTestServer();
  configureApi({ baseUrl: server.url, notify, onAuthExpired: () => {}, onLicense: () => {} });
});
afterAll(() => server.close());
beforeEach(() => {
  notify.mockReset();
  clearToken();
});

describe('callBaseQuery', () => {
  // The token header is the client's (covered in shared/api); here: body in, envelope data out.
  it('returns the envelope data on success and sends the body', async () => {
    server.route(`${API_PREFIX}/test/echo`, (req) => okReply({ body: req.json }));
    const res = await callBaseQuery({ url: `${API_PREFIX}/test/echo`, body: { a: 1 } }, baseApi, {});
    expect(res).toEqual({ data: { body: { a: 1 } } });
  });

  it('turns an envelope with code ≠ 0 into an error with its msg, and shows it', async () => {
    server.route(`${API_PREFIX}/test/fail`, errorReply(10010001, '课程不存在！'));
    const res = await callBaseQuery({ url: `${API_PREFIX}/test/fail` }, baseApi, {});
    expect(res).toEqual({ error: { code: 10010001, msg: '课程不存在！', status: 200 } });
    expect(notify).toHaveBeenCalledWith('课程不存在！');
  });

  it('keeps background calls quiet and maps a bare HTTP error to the catalogue wording', async () => {
    server.route(`${API_PREFIX}/test/down`, { status: 502, body: 'Bad Gateway' });
    const res = await callBaseQuery({ url: `${API_PREFIX}/test/down`, silent: true }, baseApi, {});
    expect(res.error).toMatchObject({ msg: '无法连接服务器！', status: 502 });
    expect(notify).not.toHaveBeenCalled();
  });
});

describe('endpoints from contracts', () => {
  it('caches a query and refetches it after a mutation invalidates its tag', async () => {
    let title = 'A';
    server.route(ItemCalls.detail.url, (req) => okReply({ id: req.json.id, title }));
    server.route(ItemCalls.save.url, (req) => {
      title = req.json.title;
      return okReply(null);
    });
    const sub = store.dispatch(itemApi.endpoints.itemDetail.initiate({ id: 'i1' }));
    expect((await sub).data).toEqual({ id: 'i1', title: 'A' });
    await store.dispatch(itemApi.endpoints.itemSave.initiate({ id: 'i1', title: 'B' })).unwrap();
    await rs.waitFor(() => {
      expect(itemApi.endpoints.itemDetail.select({ id: 'i1' })(store.getState()).data?.title).toBe('B');
    });
    sub.unsubscribe();
  });

  it('a view still mounted after 退出 is refused once, quietly: the session reset does not make it ask again', async () => {
    // As the shells configure it: a refusal for want of a session resets the session.
    configureApi({
      baseUrl: server.url,
      notify,
      onAuthExpired: () => store.dispatch(resetSession()),
      onLicense: () => {},
    });
    server.route(ItemCalls.detail.url, (req) => okReply({ id: req.json.id, title: 'A' }));
    setToken('t-1');
    const view = renderHook(() => itemApi.useItemDetailQuery({ id: 'i9' }), {
      wrapper: ({ children }) => createElement(Provider, { store, children }),
    });
    await rs.waitFor(() => expect(view.result.current.data?.title).toBe('A'));
    const asked = () => server.requests.filter((r) => r.path === ItemCalls.detail.url).length;
    const before = asked();
    server.route(ItemCalls.detail.url, errorReply(Code.NOT_SIGNED_IN, '登录已过期，请重新登录！', 401));
    await store.dispatch(logout());
    await rs.waitFor(() => expect(asked()).toBe(before + 1));
    await new Promise((r) => setTimeout(r, 300));
    expect(asked()).toBe(before + 1);
    expect(notify).not.toHaveBeenCalled();
    view.unmount();
    configureApi({ baseUrl: server.url, notify, onAuthExpired: () => {}, onLicense: () => {} });
  });

  it('a failed mutation rejects with the server message', async () => {
    server.route(ItemCalls.save.url, errorReply(10010001, '标题不能为空！'));
    const result = store.dispatch(itemApi.endpoints.itemSave.initiate({ id: 'i1', title: '' }));
    await expect(result.unwrap()).rejects.toMatchObject({ msg: '标题不能为空！' });
  });
});
