import { afterAll, afterEach, beforeAll, describe, expect, it, rs } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { configureApi } from '@exam/api';
import { okReply, startTestServer, type TestServer } from '@exam/api/testing';
import { CourseCalls, DepartCalls, DicCalls, GroupCalls, RoleCalls, UserCalls } from '@exam/contracts';
import { UserPickerDialog } from '../index';
import { asPhone, grant, renderWithStore, resetScreen } from '../testing';

let server: TestServer;
const user = (id: string, realName: string) => ({
  id,
  userName: id,
  realName,
  deptCode: 'A01',
  deptCode_dictText: '总部',
  mobile: '',
  state: 0,
  roleNames: '',
  createTime: '',
});

beforeAll(async () => {
  server = await startTestServer();
  configureApi({ baseUrl: server.url });
  server.route(
    UserCalls.paging.url,
    okReply({ records: [user('u1', '张三'), user('u2', '李四')], total: 2, pages: 1, current: 1, size: 10 }),
  );
  server.route(DepartCalls.treeSelect.url, okReply([{ id: 'd1', value: 'A01', title: '总部' }]));
  server.route(
    RoleCalls.list.url,
    okReply([{ id: 'student', roleName: '学员', roleType: 1, roleLevel: 1, remark: '' }]),
  );
  server.route(
    GroupCalls.paging.url,
    okReply({
      records: [{ id: 'g2', groupName: '新员工', userCount: 1, createTime: '' }],
      total: 1,
      pages: 1,
      current: 1,
      size: 100,
    }),
  );
  server.route(
    CourseCalls.paging.url,
    okReply({ records: [{ id: 'c1', title: '安全生产课' }], total: 1, pages: 1, current: 1, size: 100 }),
  );
  server.route(
    DicCalls.valueTree.url,
    okReply([{ id: 'a', parentId: '0', dicCode: 'user_state', value: '0', title: '正常', sort: 1 }]),
  );
});
afterAll(() => server.close());
afterEach(() => {
  resetScreen();
  asPhone(false);
  server.requests.length = 0;
});

describe('UserPickerDialog', () => {
  it('asks for at least one user, then hands over the chosen ones', async () => {
    const onOk = rs.fn();
    renderWithStore(
      <UserPickerDialog visible params={{ excludeGroups: ['g1'] }} onCancel={() => undefined} onOk={onOk} />,
    );
    expect(await screen.findByText('张三')).toBeTruthy();
    expect(screen.getByText('选择用户')).toBeTruthy();
    const paging = server.requests.find((r) => r.path === UserCalls.paging.url)!.json;
    expect(paging).toMatchObject({ size: 10, params: { state: 0, excludeGroups: ['g1'] } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请至少勾选一个用户！')).toBeTruthy();
    expect(onOk).not.toHaveBeenCalled();
    const boxes = document.querySelectorAll('.arco-table input[type="checkbox"]');
    // The first box is the select-all in the header.
    fireEvent.click(boxes[2]);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onOk).toHaveBeenCalled());
    expect(onOk.mock.calls[0][0].map((u: { id: string }) => u.id)).toEqual(['u2']);
  });

  it('filters by role and user type beside the fixed parameters, state 0 first (spec admin §6)', async () => {
    renderWithStore(
      <UserPickerDialog visible params={{ excludeGroups: ['g1'] }} onCancel={() => undefined} onOk={() => undefined} />,
    );
    expect(await screen.findByText('张三')).toBeTruthy();
    const lastParams = () => server.requests.filter((r) => r.path === UserCalls.paging.url).at(-1)!.json.params;
    fireEvent.click(screen.getAllByText('用户类型')[0]);
    fireEvent.click(await screen.findByText('管理'));
    await waitFor(() => expect(lastParams()).toEqual({ excludeGroups: ['g1'], state: 0, userType: 2 }));
    fireEvent.click(screen.getAllByText('角色')[0]);
    fireEvent.click(await screen.findByText('学员(1)'));
    await waitFor(() =>
      expect(lastParams()).toEqual({ excludeGroups: ['g1'], state: 0, userType: 2, roleIds: ['student'] }),
    );
  });

  it('narrows to the members of chosen groups and the learners of chosen courses, for holders of those lists', async () => {
    grant(['sys:group:list', 'course:list']);
    renderWithStore(<UserPickerDialog visible onCancel={() => undefined} onOk={() => undefined} />);
    expect(await screen.findByText('张三')).toBeTruthy();
    const lastParams = () => server.requests.filter((r) => r.path === UserCalls.paging.url).at(-1)!.json.params;
    fireEvent.click(screen.getByText('用户组'));
    fireEvent.click(await screen.findByText('新员工'));
    await waitFor(() => expect(lastParams()).toEqual({ state: 0, groupIds: ['g2'] }));
    await waitFor(() => expect(server.requests.some((r) => r.path === CourseCalls.paging.url)).toBe(true));
    fireEvent.click(screen.getByText('课程学员'));
    fireEvent.click(await screen.findByText('安全生产课'));
    await waitFor(() => expect(lastParams()).toEqual({ state: 0, groupIds: ['g2'], courseIds: ['c1'] }));
  });

  it('leaves the group and course selectors out for users without those lists', async () => {
    grant([]);
    renderWithStore(<UserPickerDialog visible onCancel={() => undefined} onOk={() => undefined} />);
    expect(await screen.findByText('张三')).toBeTruthy();
    expect(screen.queryByText('用户组')).toBeNull();
    expect(screen.queryByText('课程学员')).toBeNull();
    expect(server.requests.some((r) => r.path === GroupCalls.paging.url || r.path === CourseCalls.paging.url)).toBe(
      false,
    );
  });

  it('on a phone: the department is a drop-down above the filters (no tree column), the users cards to tick', async () => {
    asPhone(true);
    const onOk = rs.fn();
    renderWithStore(<UserPickerDialog visible onCancel={() => undefined} onOk={onOk} />);
    expect(await screen.findByText('张三')).toBeTruthy();
    expect(screen.queryByPlaceholderText('输入部门名称过滤')).toBeNull();
    const lastParams = () => server.requests.filter((r) => r.path === UserCalls.paging.url).at(-1)!.json.params;
    fireEvent.click(document.querySelector('.arco-tree-select')!);
    const popup = await waitFor(() => document.querySelector('.arco-tree-select-popup') as HTMLElement);
    fireEvent.click(await within(popup).findByText('总部'));
    await waitFor(() => expect(lastParams()).toEqual({ state: 0, deptCode: 'A01' }));
    expect(document.querySelector('.arco-table')).toBeNull();
    fireEvent.click(screen.getAllByRole('checkbox', { name: '选择' })[1]!);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onOk).toHaveBeenCalled());
    expect(onOk.mock.calls[0][0].map((u: { id: string }) => u.id)).toEqual(['u2']);
  });
});
