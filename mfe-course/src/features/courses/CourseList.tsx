import { useState } from 'react';
import { Input, Tag, type TableColumnProps } from '@arco-design/web-react';
import { PageContainer, PagingTable, PriceTag } from '@exam/ui';
import type { CourseRow } from '@exam/contracts';

const columns: TableColumnProps<CourseRow>[] = [
  { title: '课程名称', dataIndex: 'title' },
  { title: '分类', dataIndex: 'catId_dictText', width: 160 },
  { title: '价格', dataIndex: 'price', width: 100, render: (price: number) => <PriceTag price={price} /> },
  {
    title: '状态',
    dataIndex: 'state',
    width: 80,
    render: (state: number) => (state === 0 ? <Tag color="green">正常</Tag> : <Tag color="red">禁用</Tag>),
  },
  { title: '创建时间', dataIndex: 'createTime', width: 180, sorter: true },
];

/** Admin course list (route CourseList). */
export default function CourseList() {
  const [title, setTitle] = useState('');
  return (
    <PageContainer title="课程管理">
      <PagingTable
        url="/api/course/course/paging"
        params={{ title: title || undefined }}
        columns={columns as TableColumnProps[]}
        toolbar={<Input.Search allowClear placeholder="搜索课程名称" style={{ width: 240 }} onSearch={setTitle} />}
      />
    </PageContainer>
  );
}
