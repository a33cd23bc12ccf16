import { Button, Checkbox, Input, InputNumber, Radio, Space } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { abcOf, QuType, SCALE_TYPES, type QuOptionEdit } from '@exam/contracts';
import { ImageUpload } from '@exam/ui';

type Props = { quType: number; value: QuOptionEdit[]; onChange: (v: QuOptionEdit[]) => void };

/** Choice and scale options A–Z: content, an optional picture, right flag (one or several) or score; judge keeps two. */
export function OptionsEditor({ quType, value, onChange }: Props) {
  const scale = SCALE_TYPES.includes(quType);
  const one = quType === QuType.SINGLE || quType === QuType.JUDGE;
  const set = (i: number, patch: Partial<QuOptionEdit>) =>
    onChange(value.map((o, j) => (j === i ? { ...o, ...patch } : one && patch.isRight ? { ...o, isRight: false } : o)));
  return (
    <div>
      {value.map((o, i) => (
        <Space key={i} style={{ display: 'flex', marginBottom: 8 }} align="center">
          <b style={{ width: 20 }}>{abcOf(i)}</b>
          <Input.TextArea
            aria-label={`选项${abcOf(i)}`}
            autoSize
            style={{ width: 420 }}
            value={o.content ?? ''}
            onChange={(content) => set(i, { content })}
            placeholder="选项内容"
          />
          <div data-testid={`option-image-${abcOf(i)}`} title={`选项${abcOf(i)}图片`}>
            <ImageUpload value={o.image ?? ''} onChange={(image) => set(i, { image })} />
          </div>
          {scale && (
            <InputNumber
              aria-label={`选项${abcOf(i)}分值`}
              min={0}
              style={{ width: 110 }}
              prefix="分值"
              value={o.score ?? 0}
              onChange={(score) => set(i, { score: score ?? 0 })}
            />
          )}
          {!scale && one && (
            <Radio checked={!!o.isRight} onChange={() => set(i, { isRight: true })}>
              正确答案
            </Radio>
          )}
          {!scale && !one && (
            <Checkbox checked={!!o.isRight} onChange={(isRight) => set(i, { isRight })}>
              正确答案
            </Checkbox>
          )}
          {quType !== QuType.JUDGE && value.length > 2 && (
            <Button
              aria-label="删除选项"
              icon={<IconDelete />}
              size="mini"
              onClick={() => onChange(value.filter((_, j) => j !== i))}
            />
          )}
        </Space>
      ))}
      {quType !== QuType.JUDGE && value.length < 26 && (
        <Button
          size="small"
          icon={<IconPlus />}
          onClick={() => onChange([...value, { content: '', isRight: false, score: 0 }])}
        >
          添加选项
        </Button>
      )}
    </div>
  );
}
