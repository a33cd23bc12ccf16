import { Button, Card, Space, Tag, Typography } from '@arco-design/web-react';
import type { WatchRow } from '@exam/contracts';
import { ageText } from './format';
import { useCapture } from './useCapture';

type Props = {
  row: WatchRow;
  onMessage: (r: WatchRow) => void;
  onHand: (r: WatchRow) => void;
  onView: (r: WatchRow) => void;
};

/** One examinee in the live grid: snapshot, presence, progress and incidents. */
export function WatchCell({ row, onMessage, onHand, onView }: Props) {
  const incident = row.leaveTimes > 0 || row.faceFails > 0;
  const image = useCapture(row.image);
  return (
    <Card
      size="small"
      style={{ borderColor: incident ? 'rgb(var(--red-6))' : undefined }}
      cover={
        image ? (
          <img
            src={image}
            alt={`${row.realName}的抓拍`}
            style={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover' }}
          />
        ) : (
          <div
            style={{
              aspectRatio: '4 / 3',
              display: 'grid',
              placeItems: 'center',
              background: 'var(--color-fill-2)',
              color: 'var(--color-text-3)',
            }}
          >
            暂无抓拍
          </div>
        )
      }
    >
      <Space direction="vertical" size={2} style={{ width: '100%' }}>
        {/* A narrow cell (a phone) puts the tag under the name rather than cutting the name to one character. */}
        <div
          style={{ display: 'flex', flexWrap: 'wrap', gap: 4, alignItems: 'center', justifyContent: 'space-between' }}
        >
          <Typography.Text bold>{row.realName}</Typography.Text>
          <Tag size="small" color={row.online ? 'green' : 'gray'}>
            {row.online ? '在线' : '离线'}
          </Tag>
        </div>
        <Typography.Text type="secondary">
          答题 {row.answerCount}/{row.quCount}
          {row.image ? ` · ${ageText(row.imageAge)}` : ''}
        </Typography.Text>
        <Typography.Text type={incident ? 'error' : 'secondary'}>
          切屏 {row.leaveTimes} · 人脸失败 {row.faceFails}
        </Typography.Text>
        {/* Eight cells a line leave ~145 px: the buttons wrap rather than spill out of the card. */}
        <Space wrap size={4}>
          <Button size="mini" onClick={() => onView(row)}>
            过程
          </Button>
          <Button size="mini" disabled={!row.online} onClick={() => onMessage(row)}>
            提醒
          </Button>
          <Button size="mini" status="danger" onClick={() => onHand(row)}>
            交卷
          </Button>
        </Space>
      </Space>
    </Card>
  );
}
