import { Button } from '@arco-design/web-react';
import type { TableColumnProps } from '@arco-design/web-react';
import { useNavigate } from 'react-router';
import { ExamCalls } from '@exam/contracts';
import { pathOfName } from '@exam/shell/routes';
import { selectRoutes, useAppSelector } from '@exam/store';
import { PageContainer, PagingTable } from '@exam/ui';

/** Exams a proctor can watch; 监控 opens the live grid (ExamWatchDetail ?examId=). */
export default function ExamWatch() {
  const navigate = useNavigate();
  const detail = pathOfName(useAppSelector(selectRoutes), 'ExamWatchDetail');
  const columns: TableColumnProps[] = [
    { title: '考试名称', dataIndex: 'title' },
    { title: '开始时间', dataIndex: 'startTime', width: 180 },
    { title: '结束时间', dataIndex: 'endTime', width: 180 },
    {
      title: '操作', width: 100,
      render: (_: unknown, r: { id: string }) => (
        <Button type="text" disabled={!detail} onClick={() => detail && navigate(`${detail}?examId=${encodeURIComponent(r.id)}`)}>监控</Button>
      ),
    },
  ];
  return (
    <PageContainer>
      <PagingTable url={ExamCalls.paging.url} columns={columns} />
    </PageContainer>
  );
}
