import { useState } from 'react';
import { Button, Card, Grid, Tag, type TableColumnProps } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { roleLabel, type RoleRow } from '@exam/contracts';
import { PageContainer, Permission, FitTable } from '@exam/ui';
import { RoleDialog } from './RoleDialog';
import { useRoleListQuery } from './roleApi';
import { RoleMenuTree } from './RoleMenuTree';

/** Roles (route SysRole): the list left, the chosen role's menu grants right. */
export default function SysRole() {
  const { data: roles = [] } = useRoleListQuery({});
  const [current, setCurrent] = useState<RoleRow>();
  const [editing, setEditing] = useState<RoleRow | null>();

  const columns: TableColumnProps<RoleRow>[] = [
    { title: '角色', dataIndex: 'roleName', render: (_: string, r) => roleLabel(r) },
    {
      title: '类型',
      dataIndex: 'roleType',
      width: 80,
      render: (t: number) => (t === 2 ? <Tag color="arcoblue">管理</Tag> : <Tag>学员</Tag>),
    },
    {
      title: '操作',
      key: 'op',
      width: 80,
      render: (_: unknown, r) => (
        <Permission codes={['sys:role:save']}>
          <Button type="text" size="small" onClick={(e) => (e.stopPropagation(), setEditing(r))}>
            编辑
          </Button>
        </Permission>
      ),
    },
  ];

  return (
    <PageContainer title="角色管理">
      <Grid.Row gutter={16}>
        <Grid.Col xs={24} lg={10}>
          <Permission codes={['sys:role:save']}>
            <Button type="primary" icon={<IconPlus />} style={{ marginBottom: 12 }} onClick={() => setEditing(null)}>
              新增
            </Button>
          </Permission>
          <FitTable
            rowKey="id"
            columns={columns}
            data={roles}
            pagination={false}
            onRow={(r) => ({ onClick: () => setCurrent(r), style: { cursor: 'pointer' } })}
            rowClassName={(r) => (r.id === current?.id ? 'arco-table-tr-selected' : '')}
          />
        </Grid.Col>
        <Grid.Col xs={24} lg={14}>
          <Card title={current ? `菜单授权：${roleLabel(current)}` : '菜单授权'} bordered>
            {current ? (
              <RoleMenuTree key={current.id} role={current} />
            ) : (
              <div style={{ color: 'var(--color-text-3)' }}>请在左侧选择一个角色</div>
            )}
          </Card>
        </Grid.Col>
      </Grid.Row>
      <RoleDialog role={editing} onClose={() => setEditing(undefined)} />
    </PageContainer>
  );
}
