import { Card, Space, Tag, Typography } from '@arco-design/web-react';
import { IconStar, IconStarFill } from '@arco-design/web-react/icon';
import { useNavigate } from '@exam/router';
import type { CourseCard } from '@exam/contracts';
import { ImageBox, PriceTag } from '@exam/ui';

/** An open course (spec §2): cover, title, live tag, description, category, price or 免费, join star. */
export function CourseCardView({ course, onJoin }: { course: CourseCard; onJoin: (course: CourseCard) => void }) {
  const navigate = useNavigate();
  const open = () => navigate(`/pages/course/view/${course.id}`);
  return (
    <Card
      hoverable
      style={{ height: '100%' }}
      bodyStyle={{ padding: 12 }}
      cover={
        <div onClick={open} style={{ cursor: 'pointer' }}>
          <ImageBox src={course.cover} alt={course.title} />
        </div>
      }
    >
      {/* A flex row whose title may shrink (a Space item would not): a long title ellipsizes instead of widening a phone's page. */}
      <div style={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 4 }}>
        <Typography.Title
          heading={6}
          ellipsis={{ cssEllipsis: true }}
          style={{ margin: 0, cursor: 'pointer', minWidth: 0 }}
          onClick={open}
        >
          {course.liveCount > 0 && (
            <Tag color="red" size="small" style={{ marginRight: 4 }}>
              直播
            </Tag>
          )}
          {course.title}
        </Typography.Title>
        <span
          role="button"
          aria-label={course.hasJoin ? '取消加入' : '加入课程'}
          title={course.hasJoin ? '取消加入' : '加入课程'}
          style={{
            cursor: 'pointer',
            fontSize: 18,
            color: course.hasJoin ? 'rgb(var(--gold-6))' : 'var(--color-text-3)',
            // A finger-sized target (40 px) that does not make the title row taller.
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            minWidth: 40,
            minHeight: 40,
            margin: '-10px -10px -10px 0',
            flexShrink: 0,
          }}
          onClick={() => onJoin(course)}
        >
          {course.hasJoin ? <IconStarFill /> : <IconStar />}
        </span>
      </div>
      <Typography.Paragraph
        type="secondary"
        ellipsis={{ rows: 2, cssEllipsis: true }}
        style={{ minHeight: 44, margin: '8px 0' }}
      >
        {course.contentText || '暂无简介'}
      </Typography.Paragraph>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text type="secondary">{course.catId_dictText || '-'}</Typography.Text>
        <PriceTag price={course.salePrice} points={course.costPoints} />
      </Space>
    </Card>
  );
}
