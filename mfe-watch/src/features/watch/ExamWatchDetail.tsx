import { Empty, Tabs } from '@arco-design/web-react';
import { useSearchParams } from 'react-router';
import { PageContainer } from '@exam/ui';
import { HandedTable } from './HandedTable';
import { WatchGrid } from './WatchGrid';

/** ExamWatchDetail ?examId=: the live grid and the handed-in papers of one exam. */
export default function ExamWatchDetail() {
  const [query] = useSearchParams();
  const examId = query.get('examId') ?? '';
  if (!examId) return <Empty description="请选择考试！" />;
  return (
    <PageContainer>
      <Tabs defaultActiveTab="watch" lazyload>
        <Tabs.TabPane key="watch" title="考试监控"><WatchGrid examId={examId} /></Tabs.TabPane>
        <Tabs.TabPane key="hand" title="已交卷"><HandedTable examId={examId} /></Tabs.TabPane>
      </Tabs>
    </PageContainer>
  );
}
