import { useCallback, useRef, useState } from 'react';
import { Input, Message, Switch, type TableColumnProps } from '@arco-design/web-react';
import { NoticeCalls, type NoticeRow } from '@exam/contracts';
import { NoticeViewDialog, PageContainer, PagingTable, useCan, type PagingTableHandle, type RowId } from '@exam/ui';
import { NoticeDialog } from './NoticeDialog';
import { useNoticeStateMutation } from './noticeApi';

/** Admin notices (route SysNotice): list, editor dialog, enable/disable, delete. */
export default function SysNotice() {
  const table = useRef<PagingTableHandle>(null);
  const reload = useCallback(() => table.current?.reload(), []);
  const [title, setTitle] = useState('');
  const [editing, setEditing] = useState<string | undefined>();
  const [viewing, setViewing] = useState<NoticeRow | null>(null);
  const close = useCallback(() => setEditing(undefined), []);
  const can = useCan();
  const [changeState] = useNoticeStateMutation();

  const setState = async (ids: RowId[], state: number) => {
    await changeState({ ids: ids.map(String), state }).unwrap();
    Message.success('状态修改成功!');
    reload();
  };

  const columns: TableColumnProps<NoticeRow>[] = [
    {
      title: '标题',
      dataIndex: 'title',
      render: (t: string, row) => (
        <a style={{ cursor: 'pointer', color: 'rgb(var(--primary-6))' }} onClick={() => setViewing(row)}>
          {t}
        </a>
      ),
    },
    {
      title: '状态',
      dataIndex: 'state',
      width: 100,
      render: (s: number, row) => (
        <Switch
          size="small"
          checked={s === 0}
          disabled={!can('sys:notice:update')}
          checkedText="正常"
          uncheckedText="禁用"
          onChange={(on) => void setState([row.id], on ? 0 : 1).catch(() => undefined)}
        />
      ),
    },
    { title: '发布时间', dataIndex: 'createTime', width: 180, sorter: true },
  ];

  return (
    <PageContainer title="通知公告">
      <PagingTable
        ref={table}
        url={NoticeCalls.paging.url}
        params={{ title: title || undefined }}
        columns={columns as TableColumnProps[]}
        toolbar={<Input.Search allowClear placeholder="搜索标题" style={{ width: 240 }} onSearch={setTitle} />}
        actions={{
          add: { permission: 'sys:notice:add', onClick: () => setEditing('') },
          edit: { permission: 'sys:notice:update', onClick: (row) => setEditing(String(row.id)) },
          delete: { permission: 'sys:notice:delete', url: NoticeCalls.remove.url },
          bulk: [
            {
              label: '启用',
              permission: 'sys:notice:update',
              onClick: (ids) => void setState(ids, 0).catch(() => undefined),
            },
            {
              label: '禁用',
              permission: 'sys:notice:update',
              onClick: (ids) => void setState(ids, 1).catch(() => undefined),
            },
          ],
        }}
      />
      <NoticeDialog id={editing} onClose={close} onSaved={reload} />
      <NoticeViewDialog notice={viewing} onClose={() => setViewing(null)} />
    </PageContainer>
  );
}
