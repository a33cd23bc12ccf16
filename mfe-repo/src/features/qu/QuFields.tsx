import { Form, InputTag, Radio } from '@arco-design/web-react';
import { CHOICE_TYPES, QuType } from '@exam/contracts';
import { RichEditor } from '@exam/ui';
import { FillEditor, MatchEditor } from './BlankEditors';
import { OptionsEditor } from './OptionsEditor';
import type { Draft } from './quDraft';
import { SubListEditor } from './SubListEditor';

type Props = { value: Draft; onChange: (d: Draft) => void; child?: boolean };

/** The fields of one question by its type (the parent and each composite child use it). */
export function QuFields({ value: d, onChange, child }: Props) {
  const set = (patch: Partial<Draft>) => onChange({ ...d, ...patch });
  const opts = d.answerList ?? [];
  return (
    <>
      <Form.Item label="难度" required>
        <Radio.Group
          value={d.level ?? 1}
          onChange={(level) => set({ level })}
          options={[
            { label: '普通', value: 1 },
            { label: '较难', value: 2 },
          ]}
        />
      </Form.Item>
      <Form.Item label={d.quType === QuType.COMPOSITE ? '题干材料' : '试题内容'} required>
        <RichEditor
          value={d.content}
          onChange={(content) => set({ content })}
          height={child ? 120 : 180}
          placeholder="请输入试题内容"
        />
      </Form.Item>
      {CHOICE_TYPES.includes(d.quType) && (
        <Form.Item label="选项" required>
          <OptionsEditor quType={d.quType} value={opts} onChange={(answerList) => set({ answerList })} />
        </Form.Item>
      )}
      {d.quType === QuType.FILL && (
        <Form.Item label="填空答案" required>
          <FillEditor value={opts} onChange={(answerList) => set({ answerList })} />
        </Form.Item>
      )}
      {d.quType === QuType.MATCH && (
        <Form.Item label="连线" required>
          <MatchEditor value={opts} onChange={(answerList) => set({ answerList })} />
        </Form.Item>
      )}
      {d.quType === QuType.SHORT && (
        <>
          <Form.Item label="参考答案" required>
            <RichEditor value={d.refAnswer ?? ''} onChange={(refAnswer) => set({ refAnswer })} height={120} />
          </Form.Item>
          <Form.Item label="关键词" extra="回车添加，仅作为阅卷提示">
            <InputTag
              aria-label="关键词"
              saveOnBlur
              allowClear
              value={(d.keywords ?? '').split('||').filter(Boolean)}
              onChange={(k) =>
                set({
                  keywords: (k as string[])
                    .map((x) => x.trim())
                    .filter(Boolean)
                    .join('||'),
                })
              }
            />
          </Form.Item>
        </>
      )}
      {d.quType === QuType.COMPOSITE && (
        <Form.Item label="子题" required>
          <SubListEditor value={d.subList ?? []} onChange={(subList) => set({ subList })} />
        </Form.Item>
      )}
      <Form.Item label="试题解析">
        <RichEditor value={d.analysis ?? ''} onChange={(analysis) => set({ analysis })} height={child ? 100 : 140} />
      </Form.Item>
    </>
  );
}
