import { useState } from 'react';
import { Card, Input, Link, type TableColumnProps } from '@arco-design/web-react';
import { useNavigate } from '@exam/router';
import { NoticeCalls, type NoticeRow } from '@exam/contracts';
import { PagingTable } from '@exam/ui';

/** Learner notices (route /pages/notice): published notices only; a title opens its detail page. */
export default function NoticeList() {
  const [title, setTitle] = useState('');
  const navigate = useNavigate();
  const columns: TableColumnProps<NoticeRow>[] = [
    {
      title: '标题',
      dataIndex: 'title',
      render: (text: string, row) => <Link onClick={() => navigate(`/pages/notice/detail/${row.id}`)}>{text}</Link>,
    },
    { title: '发布时间', dataIndex: 'createTime', width: 180 },
  ];
  return (
    <Card title="通知公告" bordered={false}>
      <PagingTable
        url={NoticeCalls.paging.url}
        params={{ state: 0, title: title || undefined }}
        columns={columns as TableColumnProps[]}
        defaultSize={10}
        toolbar={<Input.Search allowClear placeholder="搜索标题" style={{ width: 240 }} onSearch={setTitle} />}
      />
    </Card>
  );
}
