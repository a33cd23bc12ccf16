import { useCallback, useRef, useState } from 'react';
import { Input, type TableColumnProps } from '@arco-design/web-react';
import { TmplCalls } from '@exam/contracts';
import { PageContainer, PagingTable, type PagingTableHandle } from '@exam/ui';
import { TmplDialog } from './TmplDialog';

const columns: TableColumnProps[] = [
  { title: '模板标题', dataIndex: 'title' },
  { title: '模板编码', dataIndex: 'code', width: 180 },
  { title: '模板内容', dataIndex: 'content', ellipsis: true },
  { title: '创建时间', dataIndex: 'createTime', width: 180 },
];

/** Message templates (route NotifyTmpl): list by title, add and edit. */
export default function NotifyTmpl() {
  const table = useRef<PagingTableHandle>(null);
  const reload = useCallback(() => table.current?.reload(), []);
  const [title, setTitle] = useState('');
  const [editing, setEditing] = useState<string | undefined>();
  const close = useCallback(() => setEditing(undefined), []);
  return (
    <PageContainer title="消息模板">
      <PagingTable
        ref={table}
        url={TmplCalls.paging.url}
        params={{ title: title || undefined }}
        columns={columns}
        toolbar={<Input.Search allowClear placeholder="搜索模板标题" style={{ width: 240 }} onSearch={setTitle} />}
        actions={{
          add: { permission: 'sys:notify:tmpl', onClick: () => setEditing('') },
          edit: { permission: 'sys:notify:tmpl', onClick: (row) => setEditing(String(row.id)) },
        }}
      />
      <TmplDialog id={editing} onClose={close} onSaved={reload} />
    </PageContainer>
  );
}
