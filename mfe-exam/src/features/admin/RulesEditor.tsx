import { type ReactNode, useState } from 'react';
import { Button, Input, InputNumber, Select, Space, Tag, type TableColumnProps } from '@arco-design/web-react';
import { RepoPicker, FitTable } from '@exam/ui';
import { type ExamRule, QU_TYPE_TITLES, QuType } from '@exam/contracts';
import { type PickedQu, QuPickerDialog } from './QuPickerDialog';

/** One group as edited: random (banks; titles kept for display only) or fixed (quList, the picked questions). */
export type RuleDraft = {
  key: string;
  title: string;
  quType: number;
  repoIds: string[];
  repoTitles: string[];
  level: 0 | 1 | 2;
  count: number;
  score: number;
  quList?: PickedQu[];
};

const LEVELS = [
  { label: '不限', value: 0 },
  { label: '普通', value: 1 },
  { label: '较难', value: 2 },
];
const QU_TYPES = Object.entries(QU_TYPE_TITLES).map(([v, t]) => ({ label: `${t}题`, value: Number(v) }));
/** Drafts as the server takes them: a fixed group sends its question ids, a random one its banks. */
export const toRules = (rules: RuleDraft[]): ExamRule[] =>
  rules.map((r) =>
    r.quList
      ? { title: r.title, quType: r.quType as ExamRule['quType'], quIds: r.quList.map((q) => q.id), score: r.score }
      : {
          title: r.title,
          quType: r.quType as ExamRule['quType'],
          repoIds: r.repoIds,
          level: r.level,
          count: r.count,
          score: r.score,
        },
  );
/** A column of one control (or value) a rule. */
const cell = (title: string, width: number, render: (r: RuleDraft) => ReactNode): TableColumnProps<RuleDraft> => ({
  title,
  width,
  render: (_: unknown, r: RuleDraft) => render(r),
});
/** Questions the group puts on a paper. */
const sizeOf = (r: RuleDraft) => r.quList?.length ?? r.count;
export const newRule = (): RuleDraft => ({
  key: String(Math.random()),
  title: '单选题',
  quType: QuType.SINGLE,
  repoIds: [],
  repoTitles: [],
  level: 0,
  count: 1,
  score: 1,
});

/**
 * Paper rules: groups with a type, banks (RepoPicker), level, count and score each. The total shown
 * is a preview; the server computes the stored total and checks the banks can supply every group.
 */
export function RulesEditor({ value, onChange }: { value: RuleDraft[]; onChange: (v: RuleDraft[]) => void }) {
  const [picking, setPicking] = useState<string>();
  const [pickingQu, setPickingQu] = useState<string>();
  const set = (key: string, patch: Partial<RuleDraft>) =>
    onChange(value.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  /** A fixed group's picked questions, or a random group's banks; either kind can pick questions. */
  const sources = (r: RuleDraft) =>
    r.quList?.length ? (
      <Space wrap size={4}>
        <Tag color="arcoblue">固定试题：已选{r.quList.length}题</Tag>
        <Button size="mini" onClick={() => setPickingQu(r.key)}>
          选择试题
        </Button>
        <Button size="mini" type="text" onClick={() => set(r.key, { quList: undefined })}>
          清空
        </Button>
      </Space>
    ) : (
      <Space wrap size={4}>
        {r.repoTitles.map((t, i) => (
          <Tag
            key={r.repoIds[i]}
            closable
            onClose={() =>
              set(r.key, {
                repoIds: r.repoIds.filter((_x, k) => k !== i),
                repoTitles: r.repoTitles.filter((_x, k) => k !== i),
              })
            }
          >
            {t}
          </Tag>
        ))}
        <Button size="mini" onClick={() => setPicking(r.key)}>
          选择题库
        </Button>
        <Button size="mini" onClick={() => setPickingQu(r.key)}>
          选择试题
        </Button>
      </Space>
    );
  const columns: TableColumnProps<RuleDraft>[] = [
    cell('分组标题', 130, (r) => (
      <Input size="small" value={r.title} maxLength={100} onChange={(title) => set(r.key, { title })} />
    )),
    cell('题型', 110, (r) => (
      <Select
        size="small"
        value={r.quType}
        options={QU_TYPES}
        onChange={(quType) => set(r.key, { quType, title: `${QU_TYPE_TITLES[quType]}题` })}
      />
    )),
    { title: '题库 / 试题', render: (_: unknown, r) => sources(r) },
    cell('难度', 90, (r) => (
      <Select
        size="small"
        value={r.level}
        options={LEVELS}
        disabled={!!r.quList}
        onChange={(level) => set(r.key, { level })}
      />
    )),
    // A fixed group's count is its questions'; a cleared number falls back to 1.
    cell('题数', 90, (r) => (
      <InputNumber
        size="small"
        min={1}
        max={500}
        value={sizeOf(r)}
        disabled={!!r.quList}
        onChange={(count) => set(r.key, { count: count ?? 1 })}
      />
    )),
    cell('每题分数', 100, (r) => (
      <InputNumber
        size="small"
        min={0.5}
        max={1000}
        step={0.5}
        value={r.score}
        onChange={(score) => set(r.key, { score: score ?? 1 })}
      />
    )),
    cell('小计', 60, (r) => sizeOf(r) * r.score),
    cell('', 60, (r) => (
      <Button size="mini" status="danger" type="text" onClick={() => onChange(value.filter((x) => x.key !== r.key))}>
        删除
      </Button>
    )),
  ];
  const picked = value.find((r) => r.key === picking);
  const total = value.reduce((s, r) => s + sizeOf(r) * r.score, 0);
  const pickedQu = value.find((r) => r.key === pickingQu);
  return (
    <div style={{ width: '100%' }}>
      <FitTable
        size="small"
        rowKey="key"
        data={value}
        columns={columns}
        pagination={false}
        border={{ wrapper: true, cell: true }}
      />
      <Space style={{ marginTop: 8 }}>
        <Button size="small" type="dashed" onClick={() => onChange([...value, newRule()])}>
          添加分组
        </Button>
        <span>试卷总分：{Math.round(total * 100) / 100}分</span>
      </Space>
      <RepoPicker
        visible={!!picked}
        excludes={picked?.repoIds}
        onCancel={() => setPicking(undefined)}
        onOk={(repos) => {
          if (picked)
            set(picked.key, {
              repoIds: [...picked.repoIds, ...repos.map((x) => x.id)],
              repoTitles: [...picked.repoTitles, ...repos.map((x) => x.title)],
            });
          setPicking(undefined);
        }}
      />
      {pickedQu && (
        <QuPickerDialog
          quType={pickedQu.quType}
          value={pickedQu.quList ?? []}
          onCancel={() => setPickingQu(undefined)}
          onOk={(quList) => {
            set(pickedQu.key, { quList });
            setPickingQu(undefined);
          }}
        />
      )}
    </div>
  );
}
