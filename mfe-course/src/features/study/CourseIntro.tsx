import { Button, Descriptions, Space, Typography } from '@arco-design/web-react';
import { useNavigate } from '@exam/router';
import { type CourseDetail, OrderItemType, yuanToFen } from '@exam/contracts';
import { useAppDispatch } from '@exam/store';
import { BuyButton, ImageBox, PayReturn, PriceTag, RichText } from '@exam/ui';
import { courseApiBase } from '../../api';
import { useBuyCourseMutation } from '../client/clientApi';
import { useJoin } from '../client/useJoin';

/** The course page without a file: cover, description, period, price; join, 购买 (points or an order), start. */
export function CourseIntro({ course: c }: { course: CourseDetail }) {
  const navigate = useNavigate();
  const join = useJoin();
  const dispatch = useAppDispatch();
  const [buy] = useBuyCourseMutation();
  const first = c.fileList[0];
  const unpaid = c.paid === false;
  // Paid (at once or by the order): the course reads afresh and shows 开始学习.
  const opened = () => dispatch(courseApiBase.util.invalidateTags(['MyCourse', 'Course']));
  return (
    <div>
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        <div style={{ width: 320, maxWidth: '100%' }}>
          <ImageBox src={c.cover} alt={c.title} style={{ borderRadius: 6 }} />
        </div>
        <div style={{ flex: 1, minWidth: 240 }}>
          <Typography.Title heading={5} style={{ marginTop: 0 }}>
            {c.title}
          </Typography.Title>
          <Descriptions
            column={1}
            size="small"
            data={[
              { label: '课程分类', value: c.catId_dictText || '-' },
              { label: '学习时间', value: c.startTime ? `${c.startTime} ~ ${c.endTime}` : '长期有效' },
              { label: '课程价格', value: <PriceTag price={c.salePrice} points={c.costPoints} /> },
              { label: '学习进度', value: `${c.learnFile ?? 0} / ${c.totalFile ?? c.fileList.length}` },
            ]}
          />
          <Space wrap style={{ marginTop: 12 }}>
            {unpaid && (
              <BuyButton
                fen={yuanToFen(c.salePrice)}
                points={c.costPoints}
                buy={() => buy({ courseId: c.id }).unwrap()}
                onPaid={opened}
              />
            )}
            {!unpaid && first && (
              <Button type="primary" onClick={() => navigate(`/pages/course/view/${c.id}/${first.fileId}`)}>
                开始学习
              </Button>
            )}
            <Button onClick={() => join(c)}>{c.hasJoin ? '取消加入' : '加入我的课程'}</Button>
            <Button type="text" onClick={() => navigate(`/pages/course/qa?courseId=${c.id}`)}>
              课程问答
            </Button>
          </Space>
        </div>
      </div>
      <PayReturn itemType={OrderItemType.COURSE} itemId={c.id} onPaid={opened} />
      <Typography.Title heading={6}>课程介绍</Typography.Title>
      <RichText html={c.content || '暂无介绍'} />
    </div>
  );
}
