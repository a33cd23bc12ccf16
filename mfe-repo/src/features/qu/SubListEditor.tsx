import { Button, Card, Form, Select, Space } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { QU_TYPE_TITLES } from '@exam/contracts';
import { QuFields } from './QuFields';
import { type Draft, emptyDraft } from './quDraft';

const CHILD_TYPES = Object.entries(QU_TYPE_TITLES)
  .filter(([k]) => k !== '99')
  .map(([k, v]) => ({ label: v, value: Number(k) }));

/** Children of a composite question: any type but composite. */
export function SubListEditor({ value, onChange }: { value: Draft[]; onChange: (v: Draft[]) => void }) {
  const set = (i: number, d: Draft) => onChange(value.map((x, j) => (j === i ? d : x)));
  return (
    <div>
      {value.map((s, i) => (
        <Card
          key={i}
          size="small"
          style={{ marginBottom: 12 }}
          title={`第${i + 1}道子题`}
          extra={
            <Space>
              <Select
                aria-label={`第${i + 1}道子题题型`}
                size="mini"
                style={{ width: 110 }}
                value={s.quType}
                disabled={!!s.id}
                options={CHILD_TYPES}
                onChange={(t: number) => set(i, { ...emptyDraft(t), content: s.content })}
              />
              {value.length > 1 && (
                <Button
                  aria-label="删除子题"
                  size="mini"
                  icon={<IconDelete />}
                  onClick={() => onChange(value.filter((_, j) => j !== i))}
                />
              )}
            </Space>
          }
        >
          <Form layout="vertical">
            <QuFields value={s} onChange={(d) => set(i, d)} child />
          </Form>
        </Card>
      ))}
      <Button size="small" icon={<IconPlus />} onClick={() => onChange([...value, emptyDraft(1)])}>
        添加子题
      </Button>
    </div>
  );
}
