import { Button, Card, Space, Typography } from '@arco-design/web-react';
import type { PaperDetail } from '@exam/contracts';

interface Props {
  paper: PaperDetail;
  index: number;
  flags: Record<string, { answered: boolean; mark: boolean }>;
  onPick: (i: number) => void;
  /** In the phone's bottom sheet: the sheet has the title, and the numbers are finger-sized. */
  inSheet?: boolean;
}

/** The answer card: questions by group; answered ones filled, marked ones orange, the current one outlined. */
export function AnswerSheet({ paper, index, flags, onPick, inSheet }: Props) {
  let n = 0;
  const side = inSheet ? 40 : 32;
  return (
    <Card
      title={inSheet ? undefined : '答题卡'}
      bordered={!inSheet}
      size="small"
      data-testid="answer-sheet"
      bodyStyle={inSheet ? { padding: 0 } : undefined}
    >
      {paper.groupList.map((g) => (
        <div key={g.title} style={{ marginBottom: 12 }}>
          <Typography.Text bold>{g.title}</Typography.Text>
          <Typography.Text type="secondary">
            {' '}
            （共 {g.quCount} 题，{g.totalScore} 分）
          </Typography.Text>
          <Space wrap size={inSheet ? 8 : 6} style={{ marginTop: 6, display: 'flex' }}>
            {g.quList.map((q) => {
              const i = n++;
              const f = flags[q.quId] ?? q;
              return (
                <Button
                  key={q.quId}
                  size="mini"
                  style={{
                    width: side,
                    height: inSheet ? side : undefined,
                    outline: i === index ? '2px solid rgb(var(--primary-6))' : undefined,
                  }}
                  type={f.answered ? 'primary' : 'secondary'}
                  status={f.mark ? 'warning' : undefined}
                  data-state={f.answered ? 'answered' : 'empty'}
                  data-mark={f.mark}
                  onClick={() => onPick(i)}
                >
                  {i + 1}
                </Button>
              );
            })}
          </Space>
        </div>
      ))}
      {/* The squares in the buttons' own colours (Arco's primary and warning), so the legend matches the card. */}
      <Space size={12} style={{ fontSize: 12 }}>
        <Typography.Text type="secondary">
          <span aria-hidden style={{ color: 'rgb(var(--primary-6))' }}>
            ■
          </span>{' '}
          蓝色 已答
        </Typography.Text>
        <Typography.Text type="secondary">
          <span aria-hidden style={{ color: 'rgb(var(--warning-6))' }}>
            ■
          </span>{' '}
          橙色 标记
        </Typography.Text>
      </Space>
    </Card>
  );
}
