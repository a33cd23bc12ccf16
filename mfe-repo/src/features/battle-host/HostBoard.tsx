import { Progress, Typography } from '@arco-design/web-react';
import type { RoundState } from '@exam/contracts';
import { RichText } from '@exam/ui';

/** The open question on the projector: its text and options, and after the reveal how many chose each, the right one green. */
export function QuestionBoard({ state }: { state: RoundState }) {
  const q = state.question;
  if (!q) return null;
  const counts = state.reveal?.counts ?? [];
  const most = Math.max(1, ...counts.map((c) => c.count));
  return (
    <div>
      <div style={{ fontSize: 24, margin: '12px 0 20px' }}>
        <RichText html={q.content} />
      </div>
      {q.answerList.map((o) => {
        const right = state.reveal?.rightIds.includes(o.id);
        const count = counts.find((c) => c.id === o.id)?.count;
        return (
          <div
            key={o.id}
            data-testid={`board-option-${o.abc}`}
            style={{
              display: 'flex',
              gap: 12,
              alignItems: 'center',
              padding: '12px 16px',
              margin: '8px 0',
              fontSize: 20,
              borderRadius: 8,
              border: `2px solid ${right ? '#00b42a' : '#e5e6eb'}`,
            }}
          >
            <b>{o.abc}.</b>
            <div style={{ flex: 1, minWidth: 0 }}>
              <RichText html={o.content} />
              {count !== undefined && (
                <Progress
                  percent={Math.round((count * 100) / most)}
                  showText={false}
                  color={right ? '#00b42a' : '#c9cdd4'}
                  aria-label={`${o.abc} 选择人数`}
                />
              )}
            </div>
            {count !== undefined && <span style={{ minWidth: 48, textAlign: 'right' }}>{count} 人</span>}
          </div>
        );
      })}
    </div>
  );
}

/** The ten leaders (the podium's three first when the contest is over). */
export function Leaders({ state }: { state: RoundState }) {
  return (
    <ol style={{ paddingLeft: 24, margin: 0, fontSize: 18 }} data-testid="leaders">
      {state.players.map((p) => (
        <li key={p.userId} style={{ padding: '4px 0' }}>
          <Typography.Text bold={p.rank <= 3}>{p.realName}</Typography.Text>
          <Typography.Text type="secondary" style={{ float: 'right' }}>
            {p.score} 分
          </Typography.Text>
        </li>
      ))}
    </ol>
  );
}
