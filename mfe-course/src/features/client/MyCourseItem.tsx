import { Button, Card, Space, Tag, Typography } from '@arco-design/web-react';
import { Link, useNavigate } from '@exam/router';
import { CourseOpenType, type CourseCard } from '@exam/contracts';
import { ImageBox, NamedProgress } from '@exam/ui';

/** One of my courses (spec §2): period, source, progress, Q&A link, the latest learned file. */
export function MyCourseItem({ course: c }: { course: CourseCard }) {
  const navigate = useNavigate();
  const percent = c.totalFile ? Math.round((c.learnFile * 100) / c.totalFile) : 0;
  const continueAt = c.latestFile ? `/pages/course/view/${c.id}/${c.latestFile.id}` : `/pages/course/view/${c.id}`;
  return (
    <Card bodyStyle={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
      <div style={{ width: 200, maxWidth: '100%', cursor: 'pointer' }} onClick={() => navigate(continueAt)}>
        <ImageBox src={c.cover} alt={c.title} style={{ borderRadius: 4 }} />
      </div>
      <div style={{ flex: 1, minWidth: 220, display: 'flex', flexDirection: 'column', gap: 6 }}>
        <Space wrap>
          <Typography.Title heading={6} style={{ margin: 0 }}>
            {c.title}
          </Typography.Title>
          {c.finished ? (
            <Tag color="green">已完成</Tag>
          ) : c.learnFile > 0 || c.latestFile ? (
            <Tag color="arcoblue">学习中</Tag>
          ) : (
            <Tag>未开始</Tag>
          )}
        </Space>
        <Typography.Text type="secondary">
          学习时间：{c.startTime ? `${c.startTime} ~ ${c.endTime}` : '长期有效'}
        </Typography.Text>
        <Typography.Text type="secondary">
          课程来源：{c.openType === CourseOpenType.PERSON ? '指定人员' : '课程中心'}
        </Typography.Text>
        <Space>
          <Typography.Text type="secondary">学习进度：</Typography.Text>
          <NamedProgress
            label={`${c.title} 学习进度`}
            percent={percent}
            size="small"
            width={140}
            formatText={() => `${c.learnFile}/${c.totalFile}`}
          />
        </Space>
        {c.latestFile && (
          <Typography.Text type="secondary" ellipsis={{ cssEllipsis: true }}>
            最近学习：{c.latestFile.title}（{c.latestFile.learnTime}）
          </Typography.Text>
        )}
      </div>
      <Space direction="vertical" style={{ justifyContent: 'center' }}>
        <Button type="primary" onClick={() => navigate(continueAt)}>
          {c.latestFile ? '继续学习' : '开始学习'}
        </Button>
        <Link to={`/pages/course/qa?courseId=${c.id}`}>课程问答（{c.qaCount}）</Link>
      </Space>
    </Card>
  );
}
