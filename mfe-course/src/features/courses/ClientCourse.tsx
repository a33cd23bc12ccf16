import { useState } from 'react';
import { Card, Input, Typography } from '@arco-design/web-react';
import { PagedCardGrid, PriceTag } from '@exam/ui';
import type { CourseRow } from '@exam/contracts';

const CourseCard = ({ course }: { course: CourseRow }) => (
  <Card hoverable style={{ height: '100%' }}>
    <Typography.Title heading={6} ellipsis style={{ marginTop: 0 }}>{course.title}</Typography.Title>
    <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ minHeight: 44 }}>
      {course.contentText || '暂无简介'}
    </Typography.Paragraph>
    <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
      <Typography.Text type="secondary">{course.catId_dictText || '-'}</Typography.Text>
      <PriceTag price={course.price} />
    </div>
  </Card>
);

/** Learner open-course grid (route /pages/course, ClientCourse): 12 per page, 4 per row. */
export default function ClientCourse() {
  const [title, setTitle] = useState('');
  return (
    <Card
      title="课程学习"
      bordered={false}
      extra={<Input.Search allowClear placeholder="搜索课程" style={{ width: 220 }} onSearch={setTitle} />}
    >
      <PagedCardGrid<CourseRow>
        url="/api/client/course/open-paging"
        params={{ title: title || undefined }}
        size={12}
        perRow={4}
        rowKey="id"
        renderCard={(course) => <CourseCard course={course} />}
      />
    </Card>
  );
}
