import { afterAll, afterEach, beforeAll, describe, expect, it, rs } from '@rstest/core';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { configureApi } from '@exam/api';
import { okReply, startTestServer, type TestServer } from '@exam/api/testing';
import { DicCalls, RoleCalls } from '@exam/contracts';
import { DICT_CACHE_MS, DictText, RoleSelect } from '../index';
import { renderWithStore, resetScreen } from '../testing';

let server: TestServer;
const TREE = okReply([
  { id: 'a', parentId: '0', dicCode: 'user_state', value: '0', title: '正常', sort: 1 },
  {
    id: 'b',
    parentId: '0',
    dicCode: 'user_state',
    value: '1',
    title: '禁用',
    sort: 2,
    children: [{ id: 'c', parentId: 'b', dicCode: 'user_state', value: '9', title: '子项', sort: 1 }],
  },
]);
const dictCalls = () => server.requests.filter((r) => r.path === DicCalls.valueTree.url);

beforeAll(async () => {
  server = await startTestServer();
  configureApi({ baseUrl: server.url });
  server.route(DicCalls.valueTree.url, TREE);
  server.route(
    RoleCalls.list.url,
    okReply([{ id: 'sa', roleName: '超级管理员', roleType: 2, roleLevel: 9, remark: '' }]),
  );
});
afterAll(() => server.close());
afterEach(() => {
  rs.useRealTimers();
  resetScreen(); // also empties the api's cache (a session change)
  server.requests.length = 0;
});

describe('dictionary widgets', () => {
  it('caches a dictionary in the store for 5 minutes, then asks again', async () => {
    const show = async () => {
      cleanup();
      renderWithStore(<DictText dicCode="user_state" value={1} />);
      expect(await screen.findByText('禁用')).toBeTruthy();
    };
    await show();
    await waitFor(() => expect(dictCalls()).toHaveLength(1));
    expect(dictCalls()[0].json).toEqual({ dicCode: 'user_state' });
    const t0 = Date.now();
    rs.useFakeTimers({ toFake: ['Date'] });
    rs.setSystemTime(t0 + DICT_CACHE_MS - 1000);
    await show();
    await new Promise((ok) => setTimeout(ok, 50));
    expect(dictCalls()).toHaveLength(1);
    rs.setSystemTime(t0 + DICT_CACHE_MS + 1000);
    await show();
    await waitFor(() => expect(dictCalls()).toHaveLength(2));
  });

  it('does not keep a failed load: the next reader asks again', async () => {
    server.route(DicCalls.valueTree.url, { status: 500, body: 'down' });
    renderWithStore(<DictText dicCode="user_state" value={1} />);
    await waitFor(() => expect(dictCalls()).toHaveLength(1));
    expect(await screen.findByText('1')).toBeTruthy(); // the bare value while the title is unknown
    server.route(DicCalls.valueTree.url, TREE);
    cleanup();
    renderWithStore(<DictText dicCode="user_state" value={1} />);
    expect(await screen.findByText('禁用')).toBeTruthy();
    expect(dictCalls()).toHaveLength(2);
  });

  it('DictText shows the title of a value, nested ones too', async () => {
    renderWithStore(
      <>
        <span>
          <DictText dicCode="user_state" value={1} />
        </span>
        <span>
          <DictText dicCode="user_state" value="9" />
        </span>
      </>,
    );
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
