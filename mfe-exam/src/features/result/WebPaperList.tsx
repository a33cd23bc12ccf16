import { Button, Card } from '@arco-design/web-react';
import { useNavigate, useSearchParams } from '@exam/router';
import { PaperCalls, type PaperRow, PaperState } from '@exam/contracts';
import { PagingTable } from '@exam/ui';
import { PassTag } from '../exams/PassTag';

const minutes = (sec: number) => `${Math.max(1, Math.round(sec / 60))} 分钟`;

/** The learner's records of one exam (route /pages/paper/list?examId=…, WebPaperList). */
export default function WebPaperList() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const examId = search.get('examId') ?? undefined;
  const columns = [
    { title: '考试名称', dataIndex: 'title' },
    { title: '状态', dataIndex: 'state_dictText' },
    {
      title: '得分',
      render: (_: unknown, r: PaperRow) => (r.userScore === null ? '-' : `${r.userScore} / ${r.totalScore}`),
    },
    { title: '是否通过', render: (_: unknown, r: PaperRow) => <PassTag passed={r.passed} /> },
    { title: '开始时间', dataIndex: 'startTime' },
    { title: '交卷时间', dataIndex: 'handTime' },
    { title: '用时', render: (_: unknown, r: PaperRow) => (r.handTime ? minutes(r.userTime) : '-') },
    { title: '备注', dataIndex: 'exMsg' },
    {
      title: '操作',
      render: (_: unknown, r: PaperRow) =>
        r.state === PaperState.OPEN ? (
          <Button type="text" size="small" onClick={() => navigate(`/pages/exam/start/${r.id}`)}>
            继续考试
          </Button>
        ) : (
          <Button type="text" size="small" onClick={() => navigate(`/pages/exam/result/${r.id}`)}>
            查看结果
          </Button>
        ),
    },
  ];
  return (
    <Card
      title="考试记录"
      bordered={false}
      style={{ margin: 16 }}
      extra={<Button onClick={() => navigate('/pages/exam')}>返回考试列表</Button>}
    >
      <PagingTable url={PaperCalls.paging.url} params={{ examId }} columns={columns} rowKey="id" />
    </Card>
  );
}
