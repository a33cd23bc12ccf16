import { useState } from 'react';
import { Card, Descriptions, Input } from '@arco-design/web-react';
import { PagedCardGrid, PriceTag } from '@exam/ui';
import type { ExamRow } from '@exam/contracts';
import { chanceText, timeWindow } from './examText';

const ExamCard = ({ exam }: { exam: ExamRow }) => (
  <Card hoverable title={exam.title} extra={<PriceTag price={exam.price} />}>
    <Descriptions
      column={1}
      size="small"
      labelStyle={{ width: 80 }}
      data={[
        { label: '考试时间', value: timeWindow(exam.startTime, exam.endTime) },
        { label: '考试时长', value: `${exam.totalTime} 分钟` },
        { label: '试卷总分', value: exam.totalScore },
        { label: '及格分数', value: exam.qualifyScore },
        { label: '考试机会', value: chanceText(exam.chance) },
      ]}
    />
  </Card>
);

/** Learner open exams (route /pages/exam, ExamOnline). */
export default function ExamOnline() {
  const [title, setTitle] = useState('');
  return (
    <Card
      title="在线考试"
      bordered={false}
      extra={<Input.Search allowClear placeholder="搜索考试" style={{ width: 220 }} onSearch={setTitle} />}
    >
      <PagedCardGrid<ExamRow>
        url="/api/client/exam/open-paging"
        params={{ title: title || undefined }}
        size={12}
        perRow={3}
        rowKey="id"
        renderCard={(exam) => <ExamCard exam={exam} />}
      />
    </Card>
  );
}
