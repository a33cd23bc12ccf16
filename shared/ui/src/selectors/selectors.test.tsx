import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import { screen, waitFor } from '@testing-library/react';
import { configureApi } from '@exam/api';
import { okReply, startTestServer, type TestServer } from '@exam/api/testing';
import { DICT_CACHE_MS, DictText, forgetDict, loadDict, RoleSelect } from '../index';
import { renderWithStore, resetScreen } from '../testing';

let server: TestServer;
const dictCalls = () => server.requests.filter((r) => r.path === '/api/sys/dic/value/tree');

beforeAll(async () => {
  server = await startTestServer();
  configureApi({ baseUrl: server.url });
  server.route('/api/sys/dic/value/tree', okReply([
    { id: 'a', parentId: '0', dicCode: 'user_state', value: '0', title: '正常', sort: 1 },
    { id: 'b', parentId: '0', dicCode: 'user_state', value: '1', title: '禁用', sort: 2, children: [{ id: 'c', parentId: 'b', dicCode: 'user_state', value: '9', title: '子项', sort: 1 }] },
  ]));
  server.route('/api/sys/role/list', okReply([{ id: 'sa', roleName: '超级管理员', roleType: 2, roleLevel: 9, remark: '' }]));
});
afterAll(() => server.close());
afterEach(() => {
  resetScreen();
  forgetDict();
  server.requests.length = 0;
});

describe('dictionary widgets', () => {
  it('caches a dictionary for 5 minutes, then asks again', async () => {
    const t0 = 1_000_000;
    await loadDict('user_state', t0);
    await loadDict('user_state', t0 + DICT_CACHE_MS - 1);
    expect(dictCalls()).toHaveLength(1);
    await loadDict('user_state', t0 + DICT_CACHE_MS);
    expect(dictCalls()).toHaveLength(2);
    expect(dictCalls()[0].json).toEqual({ dicCode: 'user_state' });
  });

  it('DictText shows the title of a value, nested ones too', async () => {
    renderWithStore(<><span><DictText dicCode="user_state" value={1} /></span><span><DictText dicCode="user_state" value="9" /></span></>);
    expect(await screen.findByText('禁用')).toBeTruthy();
    expect(screen.getByText('子项')).toBeTruthy();
    await waitFor(() => expect(dictCalls()).toHaveLength(1));
  });
});

describe('RoleSelect', () => {
  it('shows roles as name plus level in brackets', async () => {
    renderWithStore(<RoleSelect value={['sa']} />);
    expect(await screen.findByText('超级管理员(9)')).toBeTruthy();
  });
});
