import { useRef, useState } from 'react';
import { Card, Grid, Input, Link, type TableColumnProps } from '@arco-design/web-react';
import { GroupCalls, type GroupRow } from '@exam/contracts';
import { PageContainer, PagingTable, type PagingTableHandle } from '@exam/ui';
import { GroupDialog } from './GroupDialog';
import { GroupMembers } from './GroupMembers';

/** User groups (route SysGroup): groups left, the chosen group's members right. */
export default function SysGroup() {
  const table = useRef<PagingTableHandle>(null);
  const [title, setTitle] = useState('');
  const [current, setCurrent] = useState<GroupRow>();
  const [editing, setEditing] = useState<GroupRow | null>();
  const columns: TableColumnProps<GroupRow>[] = [
    { title: '名称', dataIndex: 'groupName', render: (t: string, g) => <Link onClick={() => setCurrent(g)}>{t}</Link> },
    { title: '人数', dataIndex: 'userCount', width: 70 },
  ];
  return (
    <PageContainer title="用户组">
      <Grid.Row gutter={16}>
        <Grid.Col xs={24} lg={10}>
          <PagingTable
            ref={table}
            url={GroupCalls.paging.url}
            params={{ title: title || undefined }}
            defaultSize={10}
            columns={columns as TableColumnProps[]}
            toolbar={<Input.Search allowClear placeholder="搜索用户组" style={{ width: 200 }} onSearch={setTitle} />}
            actions={{
              add: { permission: 'sys:group:add', onClick: () => setEditing(null) },
              edit: { permission: 'sys:group:update', onClick: (g) => setEditing(g as GroupRow) },
              delete: { permission: 'sys:group:delete', url: GroupCalls.remove.url },
            }}
          />
        </Grid.Col>
        <Grid.Col xs={24} lg={14}>
          <Card title={current ? `成员：${current.groupName}` : '成员'}>
            {current ? (
              <GroupMembers key={current.id} group={current} onChanged={() => table.current?.reload()} />
            ) : (
              <div style={{ color: 'var(--color-text-3)' }}>请在左侧选择一个用户组</div>
            )}
          </Card>
        </Grid.Col>
      </Grid.Row>
      <GroupDialog group={editing} onClose={() => setEditing(undefined)} onSaved={() => table.current?.reload()} />
    </PageContainer>
  );
}
