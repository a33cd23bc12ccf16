import { Avatar, Empty, Tag, Typography } from '@arco-design/web-react';
import type { QaDetail } from '@exam/contracts';
import { RichText } from '@exam/ui';

/** 已回复 / 待回复 (spec §2). */
export const RepliedTag = ({ replied }: { replied: boolean }) =>
  replied ? <Tag color="green">已回复</Tag> : <Tag color="orange">待回复</Tag>;

const Person = ({ name, avatar, time }: { name: string; avatar: string; time: string }) => (
  <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
    <Avatar size={28}>{avatar ? <img src={avatar} alt={name} /> : name.slice(0, 1)}</Avatar>
    <Typography.Text bold>{name}</Typography.Text>
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {time}
    </Typography.Text>
  </div>
);

/** A question with its replies (learner and admin detail dialogs). */
export function QaThread({ qa }: { qa: QaDetail }) {
  return (
    <div>
      <Person name={qa.realName} avatar={qa.avatar} time={qa.createTime} />
      <Typography.Text type="secondary" style={{ display: 'block', margin: '6px 0' }}>
        {qa.courseTitle}
        {qa.fileTitle ? ` / ${qa.fileTitle}` : ''}
      </Typography.Text>
      <div style={{ padding: '8px 12px', background: 'var(--color-fill-2)', borderRadius: 4 }}>
        <RichText html={qa.content} />
      </div>
      <Typography.Title heading={6}>回复（{qa.replyList.length}）</Typography.Title>
      {qa.replyList.length === 0 && <Empty description="暂无回复" />}
      {qa.replyList.map((r) => (
        <div key={r.id} style={{ padding: '8px 0', borderBottom: '1px solid var(--color-border-1)' }}>
          <Person name={r.realName} avatar={r.avatar} time={r.createTime} />
          <div style={{ paddingLeft: 36 }}>
            <RichText html={r.content} />
          </div>
        </div>
      ))}
    </div>
  );
}
