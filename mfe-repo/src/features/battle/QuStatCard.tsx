import { Card, Tag, Typography } from '@arco-design/web-react';
import { type BattleQuStat, QU_TYPE_TITLES } from '@exam/contracts';

const percent = (n: number, of: number) => (of ? Math.round((n / of) * 1000) / 10 : 0);

/** How the players answered one question: its right rate, and a bar per option with how many picked it. */
export function QuStatCard({ qu }: { qu: BattleQuStat }) {
  return (
    <Card size="small" title={<Tag>{QU_TYPE_TITLES[qu.quType] ?? '试题'}</Tag>} extra={`作答 ${qu.answered} 次`}>
      <Typography.Paragraph style={{ marginBottom: 8 }}>{qu.content}</Typography.Paragraph>
      <Typography.Text type="secondary">
        答对 {qu.rightCount} 次，正确率 {percent(qu.rightCount, qu.answered)}%
      </Typography.Text>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 6, marginTop: 8 }}>
        {qu.options.map((o) => (
          <div key={o.id}>
            <div style={{ display: 'flex', gap: 8, justifyContent: 'space-between' }}>
              <span style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {o.abc}. {o.content}{' '}
                {o.right && (
                  <Tag color="green" size="small">
                    正确答案
                  </Tag>
                )}
              </span>
              <span style={{ flex: 'none' }}>
                {o.count}人 · {percent(o.count, qu.answered)}%
              </span>
            </div>
            <div style={{ height: 6, borderRadius: 3, background: 'var(--color-fill-2)' }}>
              <div
                style={{
                  width: `${percent(o.count, qu.answered)}%`,
                  height: '100%',
                  borderRadius: 3,
                  background: o.right ? 'rgb(var(--green-6))' : 'rgb(var(--primary-6))',
                }}
              />
            </div>
          </div>
        ))}
      </div>
    </Card>
  );
}
