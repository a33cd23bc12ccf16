import { Button, Card, Space } from '@arco-design/web-react';
import type { TrainCardItem } from '@exam/contracts';

const colorOf = (c: TrainCardItem) => (!c.answered ? undefined : c.result === true ? '#00b42a' : c.result === false ? '#f53f3f' : '#ff7d00');

/** The answer card: one button per question, green right, red wrong, orange not graded, blue current. */
export function AnswerCard({ card, index, onPick }: { card: TrainCardItem[]; index: number; onPick: (i: number) => void }) {
  const done = card.filter((c) => c.answered).length;
  return (
    <Card title="答题卡" size="small" extra={`${done}/${card.length}`}>
      <Space wrap size={6}>
        {card.map((c, i) => (
          <Button key={c.quId} size="small" aria-label={`第${i + 1}题`} type={i === index ? 'primary' : 'secondary'}
            style={{ width: 36, ...(i !== index && colorOf(c) ? { background: colorOf(c), color: '#fff' } : {}) }} onClick={() => onPick(i)}>
            {i + 1}
          </Button>
        ))}
      </Space>
    </Card>
  );
}
