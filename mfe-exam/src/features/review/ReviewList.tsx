import { useState } from 'react';
import { Button, Tag, type TableColumnProps } from '@arco-design/web-react';
import { useNavigate } from '@exam/router';
import { PageContainer, PagingTable } from '@exam/ui';
import { ReviewCalls, type ReviewPaperRow } from '@exam/contracts';
import { ExamFilter } from './ExamFilter';

/** Admin review list (route ReviewList): papers in 待阅卷, oldest hand-in first. */
export default function ReviewList() {
  const navigate = useNavigate();
  const [examId, setExamId] = useState<string>();
  const columns: TableColumnProps<ReviewPaperRow>[] = [
    { title: '考试名称', dataIndex: 'examTitle' },
    { title: '考生', dataIndex: 'realName', width: 140 },
    { title: '交卷时间', dataIndex: 'handTime', width: 180 },
    { title: '客观题得分', dataIndex: 'objScore', width: 110 },
    { title: '总分', dataIndex: 'totalScore', width: 80 },
    { title: '待阅试题', dataIndex: 'reviewCount', width: 90 },
    {
      title: '状态',
      dataIndex: 'reviewing',
      width: 90,
      render: (r: boolean) => (r ? <Tag color="arcoblue">阅卷中</Tag> : <Tag color="orange">待阅卷</Tag>),
    },
    {
      title: '操作',
      key: 'op',
      width: 90,
      render: (_: unknown, p) => (
        <Button type="text" onClick={() => navigate(`/exam/review/detail/${p.id}`)}>
          阅卷
        </Button>
      ),
    },
  ];
  return (
    <PageContainer title="阅卷管理">
      <PagingTable
        url={ReviewCalls.paging.url}
        params={{ examId }}
        columns={columns as TableColumnProps[]}
        toolbar={<ExamFilter value={examId} onChange={setExamId} />}
      />
    </PageContainer>
  );
}
