import { useState } from 'react';
import { Input, type TableColumnProps } from '@arco-design/web-react';
import { PageContainer, PagingTable, PriceTag } from '@exam/ui';
import type { RepoRow } from '@exam/contracts';

const columns: TableColumnProps<RepoRow>[] = [
  { title: '题库名称', dataIndex: 'title' },
  { title: '分类', dataIndex: 'catId_dictText', width: 160 },
  { title: '试题数量', dataIndex: 'quCount', width: 110, sorter: true },
  { title: '价格', dataIndex: 'price', width: 100, render: (price: number) => <PriceTag price={price} /> },
  { title: '公开', dataIndex: 'isOpen', width: 80, render: (open: boolean) => (open ? '是' : '否') },
  { title: '创建时间', dataIndex: 'createTime', width: 180, sorter: true },
];

/** Admin question-bank list (route RepoList). */
export default function RepoList() {
  const [title, setTitle] = useState('');
  return (
    <PageContainer title="题库管理">
      <PagingTable
        url="/api/repo/paging"
        params={{ title: title || undefined }}
        columns={columns as TableColumnProps[]}
        toolbar={<Input.Search allowClear placeholder="搜索题库名称" style={{ width: 240 }} onSearch={setTitle} />}
      />
    </PageContainer>
  );
}
