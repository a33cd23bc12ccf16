import { Card, Grid } from '@arco-design/web-react';
import type { TableColumnProps } from '@arco-design/web-react';
import { DASH_LIST_SIZE, StatCalls } from '@exam/contracts';
import { PagingTable } from '@exam/ui';

const courseCols: TableColumnProps[] = [
  { title: '课程名称', dataIndex: 'title', ellipsis: true },
  { title: '学习人数', dataIndex: 'learnUser', width: 90 },
  { title: '完成人数', dataIndex: 'finishUser', width: 90 },
];
const examCols: TableColumnProps[] = [
  { title: '考试名称', dataIndex: 'title', ellipsis: true },
  { title: '考试中', dataIndex: 'processUser', width: 80 },
  { title: '已交卷', dataIndex: 'finishUser', width: 80 },
];

/** Running courses and running exams with their people, five per page. */
export function DashLists() {
  return (
    <Grid.Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      <Grid.Col xs={24} lg={12}>
        <Card title="进行中的课程">
          <PagingTable url={StatCalls.courseList.url} columns={courseCols} defaultSize={DASH_LIST_SIZE} />
        </Card>
      </Grid.Col>
      <Grid.Col xs={24} lg={12}>
        <Card title="进行中的考试">
          <PagingTable url={StatCalls.examList.url} columns={examCols} defaultSize={DASH_LIST_SIZE} />
        </Card>
      </Grid.Col>
    </Grid.Row>
  );
}
