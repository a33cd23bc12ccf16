import { useRef, useState } from 'react';
import { Card, Grid, Input, Link, type TableColumnProps } from '@arco-design/web-react';
import { DicCalls, type DicRow } from '@exam/contracts';
import { PageContainer, PagingTable, type PagingTableHandle } from '@exam/ui';
import { DicDialog } from './DicDialog';
import { DicValueTree } from './DicValueTree';

/** Dictionaries (route SysDic): the list left, the chosen dictionary's value tree right. */
export default function SysDic() {
  const table = useRef<PagingTableHandle>(null);
  const [title, setTitle] = useState('');
  const [current, setCurrent] = useState<DicRow>();
  const [editing, setEditing] = useState<DicRow | null>();
  const columns: TableColumnProps<DicRow>[] = [
    { title: '字典名称', dataIndex: 'title', render: (t: string, d) => <Link onClick={() => setCurrent(d)}>{t}</Link> },
    { title: '编码', dataIndex: 'code' },
  ];
  return (
    <PageContainer title="数据字典">
      <Grid.Row gutter={16}>
        <Grid.Col xs={24} lg={11}>
          <PagingTable
            ref={table}
            url={DicCalls.paging.url}
            params={{ title: title || undefined }}
            defaultSize={10}
            columns={columns as TableColumnProps[]}
            toolbar={<Input.Search allowClear placeholder="搜索字典" style={{ width: 200 }} onSearch={setTitle} />}
            actions={{
              add: { permission: 'sys:dic:add', onClick: () => setEditing(null) },
              edit: { permission: 'sys:dic:update', onClick: (d) => setEditing(d as DicRow) },
              delete: { permission: 'sys:dic:delete', url: DicCalls.remove.url },
            }}
          />
        </Grid.Col>
        <Grid.Col xs={24} lg={13}>
          <Card title={current ? `字典值：${current.title}` : '字典值'}>
            {current ? (
              <DicValueTree key={current.code} dic={current} />
            ) : (
              <div style={{ color: 'var(--color-text-3)' }}>请在左侧选择一个字典</div>
            )}
          </Card>
        </Grid.Col>
      </Grid.Row>
      <DicDialog dic={editing} onClose={() => setEditing(undefined)} onSaved={() => table.current?.reload()} />
    </PageContainer>
  );
}
