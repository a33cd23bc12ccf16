import { useState } from 'react';
import { Empty, Input, Space, Spin, Typography } from '@arco-design/web-react';
import { type ScoreRange, formatRanges, parseSplits, rangesFromSplits, splitsOf } from '@exam/contracts';
import { MultiRangeSlider, NamedProgress } from '@exam/ui';
import { skipToken } from '@exam/store';
import { useScoreDistQuery } from './recordApi';

/** Default split points: below 60 %, then every 10 % of the total score. */
const defaultBands = (total: number) =>
  rangesFromSplits(
    0,
    total,
    [0.6, 0.7, 0.8, 0.9].map((f) => Math.round(total * f) - 1),
  );

/** 分数分布: final papers per score band; bands from split points (next start = previous end + 1) or the slider. */
export function ScoreDistPanel({ examId, totalScore }: { examId: string; totalScore: number }) {
  const max = Math.max(1, Math.ceil(totalScore));
  const [bands, setBands] = useState<ScoreRange[]>(() => defaultBands(max));
  const [splitText, setSplitText] = useState(splitsOf(bands).join(';'));
  const [splitError, setSplitError] = useState('');
  const { data, isFetching } = useScoreDistQuery(
    bands.length ? { examId, scoreRange: formatRanges(bands, '-') } : skipToken,
  );
  const applySplits = () => {
    // Emptied after the slider set the bands: leave them as they are.
    if (!splitText.trim()) return setSplitError('');
    const r = parseSplits(splitText);
    if (!r.ok) return setSplitError(r.msg);
    setSplitError('');
    setBands(rangesFromSplits(0, max, r.points));
  };
  return (
    <div data-testid="score-dist">
      <Space wrap align="start" style={{ marginBottom: 12 }}>
        <div>
          <Input
            aria-label="分割点"
            addBefore="分割点"
            placeholder="如 59;69;79;89"
            value={splitText}
            onChange={setSplitText}
            onPressEnter={applySplits}
            onBlur={applySplits}
            status={splitError ? 'error' : undefined}
            style={{ width: 260 }}
          />
          {splitError && (
            <Typography.Text type="error" style={{ display: 'block', fontSize: 12 }}>
              {splitError}
            </Typography.Text>
          )}
        </div>
        <MultiRangeSlider
          value={bands}
          onChange={(b) => {
            setBands(b);
            setSplitText('');
          }}
          max={max}
        />
      </Space>
      <Spin loading={isFetching} style={{ display: 'block' }}>
        {!data?.bands.length ? (
          <Empty description="暂无相关数据！" />
        ) : (
          <Space direction="vertical" style={{ width: '100%', maxWidth: 640 }}>
            <Typography.Text type="secondary">已出分试卷 {data.total} 份</Typography.Text>
            {data.bands.map((b) => (
              <div
                key={b.range}
                data-testid={`band-${b.range}`}
                style={{ display: 'flex', alignItems: 'center', gap: 12 }}
              >
                <span style={{ width: 80 }}>
                  {b.min}~{b.max}分
                </span>
                <NamedProgress
                  label={`${b.min}~${b.max}分 人次占比`}
                  style={{ flex: 1 }}
                  percent={data.total ? Math.round((b.count / data.total) * 100) : 0}
                  formatText={() => `${b.count}人次`}
                />
              </div>
            ))}
          </Space>
        )}
      </Spin>
    </div>
  );
}
