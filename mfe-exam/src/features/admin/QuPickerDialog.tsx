import { useState } from 'react';
import { Input, Message, Modal, Select, Space, Tag, type TableColumnProps } from '@arco-design/web-react';
import { PickTable, usePicks } from '@exam/ui';
import { QU_TYPE_TITLES, QuCalls, type QuRow } from '@exam/contracts';
import { useExamRepoPagingQuery } from './examApi';

/** A picked question; rows loaded with an exam (ids only) have no text until seen in the table. */
export type PickedQu = { id: string; text?: string; quType?: number };

const QU_TYPES = Object.entries(QU_TYPE_TITLES).map(([v, t]) => ({ label: `${t}题`, value: Number(v) }));
const LEVEL: Record<number, string> = { 1: '普通', 2: '较难' };
const columns: TableColumnProps<QuRow>[] = [
  { title: '题目内容', dataIndex: 'contentText', ellipsis: true },
  { title: '题型', dataIndex: 'quType_dictText', width: 90 },
  { title: '难度', dataIndex: 'level', width: 70, render: (l: number) => LEVEL[l] ?? '' },
  { title: '题库', dataIndex: 'repoTitle', width: 150, ellipsis: true },
];

export interface QuPickerDialogProps {
  /** The group's type: the type filter starts there (a fixed group takes questions of its own type). */
  quType: number;
  value: PickedQu[];
  onCancel: () => void;
  onOk: (picked: PickedQu[]) => void;
}

/** 选择试题: bank, type and content filters, 10 a page; picks survive paging and can be removed below. */
export function QuPickerDialog({ quType, value, onCancel, onOk }: QuPickerDialogProps) {
  const repos = useExamRepoPagingQuery({ current: 1, size: 100 }).data?.records ?? [];
  const [filter, setFilter] = useState<{ repoId?: string; quType?: number; content?: string }>({ quType });
  const picks = usePicks((r: QuRow): PickedQu => ({ id: r.id, text: r.contentText, quType: r.quType }), value);
  const confirm = () => {
    if (!picks.list.length) return void Message.warning('请至少选择一道试题！');
    const wrong = picks.list.some((q) => q.quType !== undefined && q.quType !== quType);
    if (wrong) return void Message.warning(`只能选择${QU_TYPE_TITLES[quType]}题（与分组题型一致）！`);
    onOk(picks.list);
  };
  return (
    <Modal
      title="选择试题"
      visible
      onCancel={onCancel}
      onOk={confirm}
      okText={`确定${picks.list.length ? `（${picks.list.length}）` : ''}`}
      style={{ width: 900 }}
    >
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          allowClear
          placeholder="全部题库"
          style={{ width: 200 }}
          value={filter.repoId}
          options={repos.map((r) => ({ label: r.title, value: r.id }))}
          onChange={(repoId) => setFilter((f) => ({ ...f, repoId }))}
        />
        <Select
          allowClear
          placeholder="全部题型"
          style={{ width: 130 }}
          value={filter.quType}
          options={QU_TYPES}
          onChange={(t) => setFilter((f) => ({ ...f, quType: t }))}
        />
        <Input.Search
          allowClear
          placeholder="搜索题目内容"
          style={{ width: 240 }}
          onSearch={(content) => setFilter((f) => ({ ...f, content: content || undefined }))}
        />
      </Space>
      <PickTable url={QuCalls.paging.url} params={filter} columns={columns} picks={picks} />
      <div style={{ marginTop: 12 }}>
        <span style={{ marginRight: 8 }}>已选{picks.list.length}题：</span>
        <Space wrap size={4}>
          {picks.list.map((q, i) => (
            <Tag key={q.id} closable onClose={() => picks.remove(q.id)} style={{ maxWidth: 260 }}>
              <span className="qu-picked" title={q.text}>
                {q.text ? q.text.slice(0, 20) : `试题${i + 1}`}
              </span>
            </Tag>
          ))}
        </Space>
      </div>
    </Modal>
  );
}
