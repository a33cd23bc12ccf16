import { Empty, Tabs } from '@arco-design/web-react';
import { useSearchParams } from '@exam/router';
import { PageContainer, useCan } from '@exam/ui';
import { ApplyTable } from './ApplyTable';
import { HandedTable } from './HandedTable';
import { WatchGrid } from './WatchGrid';

/** ExamWatchDetail ?examId=: the live grid, the handed-in papers and (with exam:apply) the applications of one exam. */
export default function ExamWatchDetail() {
  const [query] = useSearchParams();
  const can = useCan();
  const examId = query.get('examId') ?? '';
  if (!examId) return <Empty description="请选择考试！" />;
  return (
    <PageContainer>
      <Tabs defaultActiveTab="watch" lazyload>
        <Tabs.TabPane key="watch" title="考试监控">
          <WatchGrid examId={examId} />
        </Tabs.TabPane>
        <Tabs.TabPane key="hand" title="已交卷">
          <HandedTable examId={examId} />
        </Tabs.TabPane>
        {can('exam:apply') && (
          <Tabs.TabPane key="apply" title="考试申请">
            <ApplyTable examId={examId} />
          </Tabs.TabPane>
        )}
      </Tabs>
    </PageContainer>
  );
}
