import { useEffect } from 'react';
import { Button, Card, Grid, Result, Space, Spin, Typography } from '@arco-design/web-react';
import { call } from '@exam/api';
import { BattleHostCalls, RoundPhase, type RoundState, RoundStatus } from '@exam/contracts';
import { useNavigate, useParams } from '@exam/router';
import { confirmAction } from '@exam/ui';
import { useRemaining, useRound } from '../battle-play/useRound';
import { Leaders, QuestionBoard } from './HostBoard';
import { JoinPanel } from './JoinPanel';

/** What the host can do at each moment, with the label it has there. */
function nextLabel(s: RoundState) {
  if (s.status === RoundStatus.LOBBY) return '开始竞赛';
  if (s.phase === RoundPhase.QUESTION) return '结束本题';
  if (s.phase === RoundPhase.REVEAL) return s.seq + 1 < s.quCount ? '下一题' : '公布排名';
  return '';
}

/** 主持竞赛 (admin route battle/host/:roundId), for a projector: join code and QR, questions, answer counts, leaders. */
export default function BattleHost() {
  const { roundId = '' } = useParams();
  const navigate = useNavigate();
  const r = useRound(roundId, BattleHostCalls.state);
  const s = r.state;
  const left = useRemaining(s?.phaseEndsAt ?? 0, r.offset);
  // Players' answers are not pushed one by one (thousands of them): the host's screen counts them once a second.
  const asking = s?.status === RoundStatus.PLAYING && s.phase === RoundPhase.QUESTION;
  const { reload } = r;
  useEffect(() => {
    if (!asking) return undefined;
    const t = setInterval(() => void reload(), 1000);
    return () => clearInterval(t);
  }, [asking, reload]);
  if (r.error) return <Result status="404" title={r.error} />;
  if (!s) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  const over = s.status >= RoundStatus.FINISHED;
  const act = () =>
    call(s.status === RoundStatus.LOBBY ? BattleHostCalls.start : BattleHostCalls.next, { roundId }).catch(
      () => undefined,
    );
  const close = async () => {
    const ok = await confirmAction({
      title: '结束竞赛',
      content: s.status === RoundStatus.LOBBY ? '确定取消本场竞赛吗？' : '确定现在结束竞赛并公布排名吗？',
    });
    if (ok) await call(BattleHostCalls.close, { roundId }).catch(() => undefined);
  };
  const label = nextLabel(s);
  return (
    <Card
      bordered={false}
      style={{ margin: 16 }}
      title={
        <Space wrap>
          <Typography.Text bold style={{ fontSize: 20 }}>
            {s.title}
          </Typography.Text>
          {s.status === RoundStatus.PLAYING && s.seq >= 0 && (
            <Typography.Text type="secondary">
              第 {s.seq + 1} / {s.quCount} 题
            </Typography.Text>
          )}
        </Space>
      }
      extra={
        <Space wrap>
          {!over && label && (
            <Button
              type="primary"
              size="large"
              disabled={s.status === RoundStatus.LOBBY && !s.playerCount}
              onClick={act}
            >
              {label}
            </Button>
          )}
          {!over && (
            <Button size="large" status="danger" onClick={close}>
              {s.status === RoundStatus.LOBBY ? '取消竞赛' : '结束竞赛'}
            </Button>
          )}
          {over && <Button onClick={() => navigate('../../list', { relative: 'path' })}>返回竞赛列表</Button>}
        </Space>
      }
    >
      {s.status === RoundStatus.LOBBY && <JoinPanel code={s.code} players={s.playerCount} />}
      {s.status === RoundStatus.ABORTED && <Result status="warning" title="竞赛已取消" />}
      {s.status === RoundStatus.PLAYING && s.phase === RoundPhase.COUNTDOWN && (
        <Typography.Title heading={1} style={{ textAlign: 'center', fontSize: 96 }}>
          {Math.ceil(left / 1000) || '开始'}
        </Typography.Title>
      )}
      {s.status === RoundStatus.PLAYING && s.phase !== RoundPhase.COUNTDOWN && (
        <Grid.Row gutter={24}>
          <Grid.Col xs={24} lg={16}>
            <Typography.Text style={{ fontSize: 18 }} data-testid="host-progress">
              {s.phase === RoundPhase.QUESTION
                ? `剩余 ${Math.ceil(left / 1000)} 秒 · 已作答 ${s.answeredCount} / ${s.playerCount}`
                : `本题结束 · 作答 ${s.answeredCount} / ${s.playerCount}`}
            </Typography.Text>
            <QuestionBoard state={s} />
          </Grid.Col>
          <Grid.Col xs={24} lg={8}>
            <Typography.Title heading={6}>排行榜</Typography.Title>
            <Leaders state={s} />
          </Grid.Col>
        </Grid.Row>
      )}
      {s.status === RoundStatus.FINISHED && (
        <div style={{ maxWidth: 480, margin: '0 auto' }}>
          <Typography.Title heading={3} style={{ textAlign: 'center' }}>
            最终排名
          </Typography.Title>
          <Leaders state={s} />
        </div>
      )}
    </Card>
  );
}
