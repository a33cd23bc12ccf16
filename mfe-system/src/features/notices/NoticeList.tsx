import { useState } from 'react';
import { Card, Input, Link, Modal, type TableColumnProps } from '@arco-design/web-react';
import { PagingTable } from '@exam/ui';

interface NoticeRow {
  id: string;
  title: string;
  content: string;
  createTime: string;
}

/** Learner notices (route /pages/notice): published notices only; a click opens the notice. */
export default function NoticeList() {
  const [title, setTitle] = useState('');
  const [open, setOpen] = useState<NoticeRow | null>(null);
  const columns: TableColumnProps<NoticeRow>[] = [
    { title: '标题', dataIndex: 'title', render: (text: string, row) => <Link onClick={() => setOpen(row)}>{text}</Link> },
    { title: '发布时间', dataIndex: 'createTime', width: 180 },
  ];
  return (
    <Card title="通知公告" bordered={false}>
      <PagingTable
        url="/api/sys/notice/paging"
        params={{ state: 0, title: title || undefined }}
        columns={columns as TableColumnProps[]}
        defaultSize={10}
        toolbar={<Input.Search allowClear placeholder="搜索标题" style={{ width: 240 }} onSearch={setTitle} />}
      />
      <Modal title={open?.title} visible={!!open} footer={null} onCancel={() => setOpen(null)} style={{ width: 720 }}>
        <div style={{ color: 'var(--color-text-3)', marginBottom: 12 }}>{open?.createTime}</div>
        {/* Notice HTML is sanitized by the server when saved (DESIGN §4). */}
        <div dangerouslySetInnerHTML={{ __html: open?.content ?? '' }} />
      </Modal>
    </Card>
  );
}
