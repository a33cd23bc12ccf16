import { useState } from 'react';
import { Button, Input, InputNumber, Select, Space, Table, Tag, type TableColumnProps } from '@arco-design/web-react';
import { RepoPicker } from '@exam/ui';
import { QU_TYPE_TITLES } from '@exam/contracts';

/** One random group as edited: bank titles kept for display only (the server stores ids). */
export type RuleDraft = { key: string; title: string; quType: number; repoIds: string[]; repoTitles: string[]; level: 0 | 1 | 2; count: number; score: number; quIds?: string[] };

const LEVELS = [{ label: '不限', value: 0 }, { label: '普通', value: 1 }, { label: '较难', value: 2 }];
const QU_TYPES = Object.entries(QU_TYPE_TITLES).map(([v, t]) => ({ label: `${t}题`, value: Number(v) }));
export const newRule = (): RuleDraft => ({ key: String(Math.random()), title: '单选题', quType: 1, repoIds: [], repoTitles: [], level: 0, count: 1, score: 1 });

/**
 * Paper rules: groups with a type, banks (RepoPicker), level, count and score each. The total shown
 * is a preview; the server computes the stored total and checks the banks can supply every group.
 */
export function RulesEditor({ value, onChange }: { value: RuleDraft[]; onChange: (v: RuleDraft[]) => void }) {
  const [picking, setPicking] = useState<string>();
  const set = (key: string, patch: Partial<RuleDraft>) => onChange(value.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const columns: TableColumnProps<RuleDraft>[] = [
    { title: '分组标题', width: 150, render: (_: unknown, r) => <Input size="small" value={r.title} maxLength={100} onChange={(title) => set(r.key, { title })} /> },
    { title: '题型', width: 110, render: (_: unknown, r) => <Select size="small" value={r.quType} options={QU_TYPES} onChange={(quType) => set(r.key, { quType, title: `${QU_TYPE_TITLES[quType]}题` })} /> },
    {
      title: '题库', render: (_: unknown, r) => r.quIds?.length ? <Tag>固定{r.quIds.length}题</Tag> : (
        <Space wrap size={4}>
          {r.repoTitles.map((t, i) => <Tag key={r.repoIds[i]} closable onClose={() => set(r.key, { repoIds: r.repoIds.filter((_x, k) => k !== i), repoTitles: r.repoTitles.filter((_x, k) => k !== i) })}>{t}</Tag>)}
          <Button size="mini" onClick={() => setPicking(r.key)}>选择题库</Button>
        </Space>
      ),
    },
    { title: '难度', width: 90, render: (_: unknown, r) => <Select size="small" value={r.level} options={LEVELS} onChange={(level) => set(r.key, { level })} /> },
    { title: '题数', width: 80, render: (_: unknown, r) => <InputNumber size="small" min={1} max={500} value={r.count} onChange={(count) => set(r.key, { count: count ?? 1 })} /> },
    { title: '每题分数', width: 90, render: (_: unknown, r) => <InputNumber size="small" min={0.5} max={1000} step={0.5} value={r.score} onChange={(score) => set(r.key, { score: score ?? 1 })} /> },
    { title: '小计', width: 60, render: (_: unknown, r) => (r.quIds?.length ?? r.count) * r.score },
    { title: '', width: 50, render: (_: unknown, r) => <Button size="mini" status="danger" type="text" onClick={() => onChange(value.filter((x) => x.key !== r.key))}>删除</Button> },
  ];
  const picked = value.find((r) => r.key === picking);
  const total = value.reduce((s, r) => s + (r.quIds?.length ?? r.count) * r.score, 0);
  return (
    <div style={{ width: '100%' }}>
      <Table size="small" rowKey="key" data={value} columns={columns} pagination={false} border={{ wrapper: true, cell: true }} />
      <Space style={{ marginTop: 8 }}>
        <Button size="small" type="dashed" onClick={() => onChange([...value, newRule()])}>添加分组</Button>
        <span>试卷总分：{Math.round(total * 100) / 100}分</span>
      </Space>
      <RepoPicker visible={!!picked} excludes={picked?.repoIds} onCancel={() => setPicking(undefined)}
        onOk={(repos) => {
          if (picked) set(picked.key, { repoIds: [...picked.repoIds, ...repos.map((x) => x.id)], repoTitles: [...picked.repoTitles, ...repos.map((x) => x.title)] });
          setPicking(undefined);
        }} />
    </div>
  );
}
