import { useState } from 'react';
import { Input, Tag, type TableColumnProps } from '@arco-design/web-react';
import { PageContainer, PagingTable } from '@exam/ui';
import type { ExamRow } from '@exam/contracts';
import { chanceText, timeWindow } from './examText';

/** Spec admin §3 open types of an exam. */
const OPEN_TYPE: Record<number, string> = { 1: '公开', 2: '部门', 3: '指定人员', 9: '密码' };

const columns: TableColumnProps<ExamRow>[] = [
  { title: '考试名称', dataIndex: 'title' },
  { title: '考试时间', key: 'window', width: 330, render: (_: unknown, e) => timeWindow(e.startTime, e.endTime) },
  { title: '时长(分钟)', dataIndex: 'totalTime', width: 100 },
  { title: '总分', dataIndex: 'totalScore', width: 80 },
  { title: '及格分', dataIndex: 'qualifyScore', width: 80 },
  { title: '考试机会', dataIndex: 'chance', width: 90, render: chanceText },
  { title: '开放类型', dataIndex: 'openType', width: 90, render: (t: number) => OPEN_TYPE[t] ?? t },
  {
    title: '状态',
    dataIndex: 'state',
    width: 80,
    render: (state: number) => (state === 0 ? <Tag color="green">正常</Tag> : <Tag color="red">禁用</Tag>),
  },
];

/** Admin exam list (route ExamList). */
export default function ExamList() {
  const [title, setTitle] = useState('');
  return (
    <PageContainer title="考试管理">
      <PagingTable
        url="/api/exam/exam/paging"
        params={{ title: title || undefined }}
        columns={columns as TableColumnProps[]}
        toolbar={<Input.Search allowClear placeholder="搜索考试名称" style={{ width: 240 }} onSearch={setTitle} />}
      />
    </PageContainer>
  );
}
