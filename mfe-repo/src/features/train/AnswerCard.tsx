import { Button, Card, Space } from '@arco-design/web-react';
import type { TrainCardItem } from '@exam/contracts';

const colorOf = (c: TrainCardItem) =>
  !c.answered ? undefined : c.result === true ? '#00b42a' : c.result === false ? '#f53f3f' : '#ff7d00';

/** The answer card: one button per question, green right, red wrong, orange not graded, blue current. */
export function AnswerCard({
  card,
  index,
  onPick,
  inSheet,
}: {
  card: TrainCardItem[];
  index: number;
  onPick: (i: number) => void;
  inSheet?: boolean;
}) {
  const done = card.filter((c) => c.answered).length;
  // In the phone's bottom sheet the sheet carries the title and the numbers are finger-sized.
  return (
    <Card
      title={inSheet ? undefined : '答题卡'}
      bordered={!inSheet}
      size="small"
      extra={inSheet ? undefined : `${done}/${card.length}`}
      bodyStyle={inSheet ? { padding: 0 } : undefined}
    >
      <Space wrap size={inSheet ? 8 : 6}>
        {card.map((c, i) => (
          <Button
            key={c.quId}
            size="small"
            aria-label={`第${i + 1}题`}
            type={i === index ? 'primary' : 'secondary'}
            style={{
              width: inSheet ? 40 : 36,
              height: inSheet ? 40 : undefined,
              ...(i !== index && colorOf(c) ? { background: colorOf(c), color: '#fff' } : {}),
            }}
            onClick={() => onPick(i)}
          >
            {i + 1}
          </Button>
        ))}
      </Space>
    </Card>
  );
}
