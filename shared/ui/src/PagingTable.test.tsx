import { afterAll, afterEach, beforeAll, describe, expect, it, rs } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { configureApi } from '@exam/api';
import { okReply, startTestServer, type TestServer } from '@exam/api/testing';
import { API_PREFIX } from '@exam/contracts';
import { PagingTable, type PagingActions } from './index';
import { grant, renderWithStore, resetScreen } from './testing';

/** Stand-in calls of a demo list: the table takes any contract's paths. */
const DEMO_PAGING = `${API_PREFIX}/demo/paging`;
const DEMO_DELETE = `${API_PREFIX}/demo/delete`;
const DEMO_EMPTY = `${API_PREFIX}/demo/empty`;

const rows = [
  { id: 'r1', name: '行一' },
  { id: 'r2', name: '行二' },
];
const columns = [{ title: '名称', dataIndex: 'name' }];
let server: TestServer;
const pagingCalls = () => server.requests.filter((r) => r.path === DEMO_PAGING);

const actions = (): PagingActions => ({
  add: { permission: 'demo:add', onClick: rs.fn() },
  edit: { onClick: rs.fn() },
  delete: { permission: 'demo:delete', url: DEMO_DELETE },
  bulk: [{ label: '批量启用', onClick: rs.fn() }],
});

beforeAll(async () => {
  server = await startTestServer();
  configureApi({ baseUrl: server.url });
  server.route(DEMO_PAGING, okReply({ records: rows, total: 42, pages: 3, current: 1, size: 20 }));
  server.route(DEMO_DELETE, okReply(null));
});
afterAll(() => server.close());
afterEach(() => {
  resetScreen();
  server.requests.length = 0;
});

describe('PagingTable', () => {
  it('loads a page from the server with the paging query', async () => {
    grant([]);
    renderWithStore(<PagingTable url={DEMO_PAGING} params={{ title: 'x' }} columns={columns} />);
    expect(await screen.findByText('行一')).toBeTruthy();
    expect(screen.getByText('行二')).toBeTruthy();
    expect(screen.getByText(/共\s*42\s*条/)).toBeTruthy();
    const body = pagingCalls()[0].json;
    expect(body).toMatchObject({ current: 1, size: 20, params: { title: 'x' }, orders: [] });
    expect(typeof body.t).toBe('number');
  });

  it('shows 暂无相关数据！ for an empty page', async () => {
    server.route(DEMO_EMPTY, okReply({ records: [], total: 0 }));
    renderWithStore(<PagingTable url={DEMO_EMPTY} columns={columns} />);
    expect(await screen.findByText('暂无相关数据！')).toBeTruthy();
  });

  it('hides actions whose permission the user lacks; an action without permission is open', async () => {
    grant([]);
    renderWithStore(<PagingTable url={DEMO_PAGING} columns={columns} actions={actions()} />);
    await screen.findByText('行一');
    expect(screen.queryByText('新增')).toBeNull();
    expect(screen.queryByText('删除')).toBeNull();
    expect(screen.queryByText('批量删除')).toBeNull();
    expect(screen.getAllByText('编辑')).toHaveLength(2);
    expect(screen.getByText('批量启用')).toBeTruthy();
  });

  it('shows actions to holders of their permission', async () => {
    grant(['demo:add', 'demo:delete']);
    renderWithStore(<PagingTable url={DEMO_PAGING} columns={columns} actions={actions()} />);
    await screen.findByText('行一');
    expect(screen.getByText('新增')).toBeTruthy();
    expect(screen.getAllByText('删除')).toHaveLength(2);
    expect(screen.getByText('批量删除')).toBeTruthy();
  });

  it('a bulk action with no selection asks to select; with a selection gets ids and rows', async () => {
    grant([]);
    const given = actions();
    renderWithStore(<PagingTable url={DEMO_PAGING} columns={columns} actions={given} />);
    await screen.findByText('行一');
    fireEvent.click(screen.getByText('批量启用'));
    expect(await screen.findByText('请至少选择一条数据！')).toBeTruthy();
    expect(given.bulk![0].onClick).not.toHaveBeenCalled();

    const firstRow = screen.getByText('行一').closest('tr') as HTMLElement;
    fireEvent.click(within(firstRow).getByRole('checkbox'));
    fireEvent.click(screen.getByText('批量启用'));
    expect(given.bulk![0].onClick).toHaveBeenCalledWith(['r1'], [rows[0]]);
  });

  it('deletes a row after confirmation and reloads', async () => {
    grant(['demo:delete']);
    renderWithStore(<PagingTable url={DEMO_PAGING} columns={columns} actions={actions()} />);
    await screen.findByText('行一');
    const firstRow = screen.getByText('行一').closest('tr') as HTMLElement;
    fireEvent.click(within(firstRow).getByText('删除'));
    const dialog = (await screen.findByText('确实要删除吗?')).closest('.arco-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByText('确定'));
    expect(await screen.findByText('删除成功!')).toBeTruthy();
    expect(server.requests.find((r) => r.path === DEMO_DELETE)?.json).toEqual({ ids: ['r1'] });
    await waitFor(() => expect(pagingCalls()).toHaveLength(2));
  });

  it('a page change asks for that page and scrolls to the top; new filters go back to page 1', async () => {
    grant([]);
    const scrollTo = rs.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const view = renderWithStore(<PagingTable url={DEMO_PAGING} params={{ title: '' }} columns={columns} />);
    await screen.findByText('行一');
    fireEvent.click(screen.getByText('2', { selector: '.arco-pagination-item, .arco-pagination-item *' }));
    await waitFor(() => expect(pagingCalls().at(-1)?.json.current).toBe(2));
    expect(scrollTo).toHaveBeenCalled();
    view.rerender(<PagingTable url={DEMO_PAGING} params={{ title: '考试' }} columns={columns} />);
    await waitFor(() => expect(pagingCalls().at(-1)?.json).toMatchObject({ current: 1, params: { title: '考试' } }));
    expect(pagingCalls()).toHaveLength(3);
    scrollTo.mockRestore();
  });

  it('reloads when refreshKey changes', async () => {
    grant([]);
    const view = renderWithStore(<PagingTable url={DEMO_PAGING} columns={columns} refreshKey={1} />);
    await screen.findByText('行一');
    view.rerender(<PagingTable url={DEMO_PAGING} columns={columns} refreshKey={2} />);
    await waitFor(() => expect(pagingCalls()).toHaveLength(2));
  });
});
