import { Input, Select } from '@arco-design/web-react';
import type { QuView } from '@exam/contracts';
import { RichText } from '../editor/RichText';

type FillProps = { count: number; value: string[]; onChange: (v: string[]) => void; locked: boolean };

/** Fill-in: one input per blank. */
export function FillInput({ count, value, onChange, locked }: FillProps) {
  const set = (i: number, s: string) =>
    onChange(Array.from({ length: count }, (_, j) => (j === i ? s : (value[j] ?? ''))));
  return (
    <div>
      {Array.from({ length: count }, (_, i) => (
        <Input
          key={i}
          aria-label={`第${i + 1}空`}
          addBefore={`第${i + 1}空`}
          value={value[i] ?? ''}
          disabled={locked}
          onChange={(s) => set(i, s)}
          style={{ margin: '4px 0', maxWidth: 420 }}
        />
      ))}
    </div>
  );
}

type MatchProps = {
  qu: Pick<QuView, 'answerList' | 'rightList'>;
  value: string[];
  onChange: (v: string[]) => void;
  locked: boolean;
};

/** Matching: each left item picks its right-hand item. */
export function MatchInput({ qu, value, onChange, locked }: MatchProps) {
  const set = (i: number, s: string) => onChange(qu.answerList.map((_, j) => (j === i ? s : (value[j] ?? ''))));
  return (
    <div>
      {qu.answerList.map((o, i) => (
        <div key={o.id} style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12, margin: '6px 0' }}>
          <b>{o.abc}.</b>
          <div style={{ minWidth: 160 }}>
            <RichText html={o.content} />
          </div>
          <span>→</span>
          <Select
            aria-label={`${o.abc}的连线`}
            style={{ width: 220, maxWidth: '100%' }}
            placeholder="请选择"
            value={value[i] || undefined}
            disabled={locked}
            options={qu.rightList.map((r) => ({ label: r, value: r }))}
            onChange={(s: string) => set(i, s)}
          />
        </div>
      ))}
    </div>
  );
}
