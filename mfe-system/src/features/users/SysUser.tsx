import { useState } from 'react';
import { Input, Tag, type TableColumnProps } from '@arco-design/web-react';
import { PageContainer, PagingTable } from '@exam/ui';
import type { UserRow } from '@exam/contracts';

/** Spec admin §4: user state 0 正常, 1 禁用, 2 待审核. */
const USER_STATE: Record<number, { text: string; color: string }> = {
  0: { text: '正常', color: 'green' },
  1: { text: '禁用', color: 'red' },
  2: { text: '待审核', color: 'orange' },
};

const columns: TableColumnProps<UserRow>[] = [
  { title: '账号', dataIndex: 'userName' },
  { title: '姓名', dataIndex: 'realName' },
  { title: '部门', dataIndex: 'deptCode_dictText' },
  { title: '角色', dataIndex: 'roleNames' },
  {
    title: '状态',
    dataIndex: 'state',
    width: 100,
    render: (state: number) => {
      const s = USER_STATE[state];
      return s ? <Tag color={s.color}>{s.text}</Tag> : state;
    },
  },
  { title: '创建时间', dataIndex: 'createTime', width: 180, sorter: true },
];

/** Admin user list (route SysUser): server paging, filter by account. */
export default function SysUser() {
  const [userName, setUserName] = useState('');
  return (
    <PageContainer title="用户管理">
      <PagingTable
        url="/api/sys/user/paging"
        params={{ userName: userName || undefined }}
        columns={columns as TableColumnProps[]}
        toolbar={<Input.Search allowClear placeholder="搜索账号" style={{ width: 240 }} onSearch={setUserName} />}
      />
    </PageContainer>
  );
}
