import { useEffect, useState } from 'react';
import { Button, Input, Slider, Space, Tag, Typography } from '@arco-design/web-react';
import {
  RANGE_SIGN,
  SCORE_MAX,
  SCORE_MIN,
  type ScoreRange,
  formatRanges,
  mergeRanges,
  parseRanges,
} from '@exam/contracts';

export interface MultiRangeSliderProps {
  value: ScoreRange[];
  onChange: (ranges: ScoreRange[]) => void;
  min?: number;
  max?: number;
  /** Shown before the text box. */
  label?: string;
}

/**
 * The multi-range slider (spec admin §5): bands typed as `0~59;60~100` (`;` or `；`, numbers only, overlaps
 * merged) or dragged on the slider and added; each band shows as a tag that can be removed.
 */
export function MultiRangeSlider({
  value,
  onChange,
  min = SCORE_MIN,
  max = SCORE_MAX,
  label = '分数段',
}: MultiRangeSliderProps) {
  const [text, setText] = useState(formatRanges(value));
  const [error, setError] = useState('');
  const [pick, setPick] = useState<number[]>([min, max]);
  useEffect(() => setText(formatRanges(value)), [value]);
  const apply = () => {
    const r = parseRanges(text, { min, max });
    if (!r.ok) return setError(r.msg);
    setError('');
    onChange(r.ranges);
  };
  return (
    <div data-testid="multi-range-slider" style={{ minWidth: 260 }}>
      <Space wrap>
        <Input
          aria-label={label}
          addBefore={label}
          placeholder={`如 0${RANGE_SIGN}59;60${RANGE_SIGN}${max}`}
          value={text}
          status={error ? 'error' : undefined}
          onChange={setText}
          onPressEnter={apply}
          onBlur={apply}
          allowClear
          onClear={() => {
            setError('');
            onChange([]);
          }}
          style={{ width: 280 }}
        />
      </Space>
      {error && (
        <Typography.Text type="error" style={{ display: 'block', fontSize: 12 }}>
          {error}
        </Typography.Text>
      )}
      <Space align="center" style={{ width: '100%', marginTop: 8 }}>
        <Slider
          range
          min={min}
          max={max}
          value={pick}
          onChange={(v) => setPick(v as number[])}
          style={{ width: 200 }}
          aria-label="拖动选择分数段"
        />
        <Button size="small" onClick={() => onChange(mergeRanges([...value, [pick[0], pick[1]]]))}>
          添加 {pick[0]}
          {RANGE_SIGN}
          {pick[1]}
        </Button>
      </Space>
      <Space wrap size={4} style={{ marginTop: 4 }}>
        {value.map((r, i) => (
          <Tag
            key={`${r[0]}-${r[1]}`}
            closable
            color="arcoblue"
            onClose={() => onChange(value.filter((_, k) => k !== i))}
          >
            {r[0]}
            {RANGE_SIGN}
            {r[1]}
          </Tag>
        ))}
      </Space>
    </div>
  );
}
