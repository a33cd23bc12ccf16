import { Button, Input, InputTag, Space } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import type { QuOptionEdit } from '@exam/contracts';

type Props = { value: QuOptionEdit[]; onChange: (v: QuOptionEdit[]) => void };
const split = (s: string | undefined) =>
  (s ?? '')
    .split('||')
    .map((x) => x.trim())
    .filter(Boolean);

/** Fill-in blanks: each blank's alternatives are tags (added on Enter or blur, empty ignored), stored joined by `||`. */
export function FillEditor({ value, onChange }: Props) {
  const set = (i: number, tags: string[]) =>
    onChange(
      value.map((o, j) =>
        j === i
          ? {
              ...o,
              answer: tags
                .map((t) => t.trim())
                .filter(Boolean)
                .join('||'),
            }
          : o,
      ),
    );
  return (
    <div>
      {value.map((o, i) => (
        <Space key={i} style={{ display: 'flex', marginBottom: 8 }}>
          <b style={{ width: 50 }}>第{i + 1}空</b>
          <InputTag
            aria-label={`第${i + 1}空答案`}
            saveOnBlur
            allowClear
            style={{ width: 460 }}
            placeholder="输入答案后回车，可添加多个备选答案"
            value={split(o.answer)}
            onChange={(tags) => set(i, tags as string[])}
          />
          {value.length > 1 && (
            <Button
              aria-label="删除填空"
              icon={<IconDelete />}
              size="mini"
              onClick={() => onChange(value.filter((_, j) => j !== i))}
            />
          )}
        </Space>
      ))}
      <Button size="small" icon={<IconPlus />} onClick={() => onChange([...value, { answer: '' }])}>
        添加填空
      </Button>
    </div>
  );
}

/** Matching: left and right item of each pair. */
export function MatchEditor({ value, onChange }: Props) {
  const set = (i: number, patch: Partial<QuOptionEdit>) =>
    onChange(value.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  return (
    <div>
      {value.map((o, i) => (
        <Space key={i} style={{ display: 'flex', marginBottom: 8 }}>
          <Input
            aria-label={`左项${i + 1}`}
            style={{ width: 220 }}
            placeholder="左侧"
            value={o.content ?? ''}
            onChange={(content) => set(i, { content })}
          />
          <span>↔</span>
          <Input
            aria-label={`右项${i + 1}`}
            style={{ width: 220 }}
            placeholder="右侧"
            value={o.answer ?? ''}
            onChange={(answer) => set(i, { answer })}
          />
          {value.length > 2 && (
            <Button
              aria-label="删除连线"
              icon={<IconDelete />}
              size="mini"
              onClick={() => onChange(value.filter((_, j) => j !== i))}
            />
          )}
        </Space>
      ))}
      <Button size="small" icon={<IconPlus />} onClick={() => onChange([...value, { content: '', answer: '' }])}>
        添加连线
      </Button>
    </div>
  );
}
