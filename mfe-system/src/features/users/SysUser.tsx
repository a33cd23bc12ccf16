import { useCallback, useRef, useState } from 'react';
import { Button, Grid, Message, Space, Tag, type TableColumnProps } from '@arco-design/web-react';
import { IconDownload, IconExport } from '@arco-design/web-react/icon';
import { download } from '@exam/api';
import { UserCalls, type UserRow } from '@exam/contracts';
import {
  DeptTree,
  ImportUpload,
  PageContainer,
  PagingTable,
  Permission,
  UserFilters,
  type PagingTableHandle,
  type RowId,
  type UserFilterValue,
} from '@exam/ui';
import { BatchDialog, type BatchKind } from './BatchDialog';
import { UserDialog } from './UserDialog';
import { useUserStateMutation } from './userApi';

/** Spec admin §4: user state 0 正常, 1 禁用, 2 待审核. */
const STATE_COLOR: Record<number, [string, string]> = {
  0: ['正常', 'green'],
  1: ['禁用', 'red'],
  2: ['待审核', 'orange'],
};

const columns: TableColumnProps<UserRow>[] = [
  { title: '账号', dataIndex: 'userName' },
  { title: '姓名', dataIndex: 'realName' },
  { title: '部门', dataIndex: 'deptCode_dictText' },
  { title: '角色', dataIndex: 'roleNames' },
  { title: '手机号', dataIndex: 'mobile' },
  {
    title: '状态',
    dataIndex: 'state',
    width: 90,
    render: (s: number) => (STATE_COLOR[s] ? <Tag color={STATE_COLOR[s][1]}>{STATE_COLOR[s][0]}</Tag> : s),
  },
  { title: '创建时间', dataIndex: 'createTime', width: 180, sorter: true },
];

/** Admin user list (route SysUser): department tree, filters, edit dialog, bulk actions, import and export. */
export default function SysUser() {
  const table = useRef<PagingTableHandle>(null);
  const reload = useCallback(() => table.current?.reload(), []);
  const [deptCode, setDeptCode] = useState('');
  const [filter, setFilter] = useState<UserFilterValue>({});
  const [editing, setEditing] = useState<string | undefined>();
  const closeDialog = useCallback(() => setEditing(undefined), []);
  const [batch, setBatch] = useState<{ kind: BatchKind; ids: RowId[] }>();
  const params = { ...filter, deptCode: deptCode || undefined };
  const [changeState] = useUserStateMutation();

  const setUserState = async (ids: RowId[], next: number) => {
    await changeState({ ids: ids.map(String), state: next }).unwrap();
    Message.success('状态修改成功!');
    reload();
  };
  const bulkItem = (label: string, permission: string, run: (ids: RowId[]) => void) => ({
    label,
    permission,
    onClick: run,
  });

  const filters = (
    <Space wrap>
      <UserFilters value={filter} onChange={setFilter} />
      <Permission codes={['sys:user:import']}>
        <ImportUpload url={UserCalls.import.url} onDone={reload} />
        <Button
          icon={<IconDownload />}
          onClick={() => void download(UserCalls.importTemplate.url, {}, '用户导入模板.xlsx').catch(() => undefined)}
        >
          下载模板
        </Button>
      </Permission>
      <Permission codes={['sys:user:export']}>
        <Button
          icon={<IconExport />}
          onClick={() => void download(UserCalls.export.url, { params }, '用户列表.xlsx').catch(() => undefined)}
        >
          导出
        </Button>
      </Permission>
    </Space>
  );

  return (
    <PageContainer title="用户管理">
      <Grid.Row gutter={16}>
        <Grid.Col xs={24} md={6} lg={5}>
          <DeptTree value={deptCode} onChange={setDeptCode} />
        </Grid.Col>
        <Grid.Col xs={24} md={18} lg={19}>
          <PagingTable
            ref={table}
            url={UserCalls.paging.url}
            params={params}
            columns={columns as TableColumnProps[]}
            toolbar={filters}
            actions={{
              add: { permission: 'sys:user:add', onClick: () => setEditing('') },
              edit: { permission: 'sys:user:update', onClick: (row) => setEditing(String(row.id)) },
              delete: { permission: 'sys:user:delete', url: UserCalls.remove.url },
              bulk: [
                bulkItem('启用', 'sys:user:state', (ids) => void setUserState(ids, 0).catch(() => undefined)),
                bulkItem('禁用', 'sys:user:state', (ids) => void setUserState(ids, 1).catch(() => undefined)),
                bulkItem('修改部门', 'sys:user:update', (ids) => setBatch({ kind: 'dept', ids })),
                bulkItem('修改角色', 'sys:user:update', (ids) => setBatch({ kind: 'role', ids })),
                bulkItem('过期时间', 'sys:user:update', (ids) => setBatch({ kind: 'expire', ids })),
                bulkItem('重置密码', 'sys:user:reset-pass', (ids) => setBatch({ kind: 'pass', ids })),
                bulkItem('加入用户组', 'sys:group:user:join', (ids) => setBatch({ kind: 'group', ids })),
              ],
            }}
          />
        </Grid.Col>
      </Grid.Row>
      <UserDialog userId={editing} onClose={closeDialog} onSaved={reload} />
      <BatchDialog kind={batch?.kind} ids={batch?.ids ?? []} onClose={() => setBatch(undefined)} onDone={reload} />
    </PageContainer>
  );
}
