import { Button, Tag } from '@arco-design/web-react';
import type { TableColumnProps } from '@arco-design/web-react';
import { useNavigate } from '@exam/router';
import { WatchCalls } from '@exam/contracts';
import { pathOfName } from '@exam/shell/routes';
import { selectRoutes, useAppSelector } from '@exam/store';
import { PageContainer, PagingTable } from '@exam/ui';

const RUN_STATES = [
  { text: '未开始', color: 'gray' },
  { text: '进行中', color: 'green' },
  { text: '已结束', color: 'orangered' },
];

/** Exams a proctor can watch (the watch side's own list: exam:watch is enough); 监控 opens the live grid. */
export default function ExamWatch() {
  const navigate = useNavigate();
  const detail = pathOfName(useAppSelector(selectRoutes), 'ExamWatchDetail');
  const columns: TableColumnProps[] = [
    { title: '考试名称', dataIndex: 'title' },
    { title: '开始时间', dataIndex: 'startTime', width: 180 },
    { title: '结束时间', dataIndex: 'endTime', width: 180 },
    {
      title: '状态',
      dataIndex: 'runState',
      width: 100,
      render: (v: number) => <Tag color={RUN_STATES[v]?.color}>{RUN_STATES[v]?.text}</Tag>,
    },
    { title: '答题中', dataIndex: 'processCount', width: 100 },
    {
      title: '操作',
      width: 100,
      render: (_: unknown, r: { id: string }) => (
        <Button
          type="text"
          disabled={!detail}
          onClick={() => detail && navigate(`${detail}?examId=${encodeURIComponent(r.id)}`)}
        >
          监控
        </Button>
      ),
    },
  ];
  return (
    <PageContainer>
      <PagingTable url={WatchCalls.exams.url} columns={columns} />
    </PageContainer>
  );
}
