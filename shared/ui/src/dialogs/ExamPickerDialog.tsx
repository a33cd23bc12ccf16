import { FitTable } from '../paging/FitTable';
import { useState } from 'react';
import { Button, Input, Message, Modal, Space, Tag, type TableColumnProps } from '@arco-design/web-react';
import type { ExamAdminRow } from '@exam/contracts';
import { skipToken } from '@exam/store';
import { usePickerExamPagingQuery } from './pickerApi';

export interface ExamPickerDialogProps {
  visible: boolean;
  onCancel: () => void;
  /** Receives the chosen exams (at least one). */
  onOk: (exams: ExamAdminRow[]) => void;
  /** Exams already chosen elsewhere, left out of the list. */
  excludes?: string[];
  title?: string;
}

export const EXAM_PICKER_SIZE = 10;

const columns: TableColumnProps<ExamAdminRow>[] = [
  { title: '考试名称', dataIndex: 'title' },
  {
    title: '考试类型',
    dataIndex: 'examType_dictText',
    width: 130,
    render: (v: string, r) => (
      <Space size={4}>
        {v || '-'}
        {r.offline && (
          <Tag color="orange" size="small">
            线下
          </Tag>
        )}
      </Space>
    ),
  },
  { title: '考试时间', key: 'time', width: 300, render: (_: unknown, r) => `${r.startTime} ~ ${r.endTime}` },
  { title: '总分', dataIndex: 'totalScore', width: 70 },
];

/** Exam selection dialog (spec learner §2): 10 a page, title search, picks kept across pages, 确定 shows the count. */
export function ExamPickerDialog({ visible, onCancel, onOk, excludes, title = '选择考试' }: ExamPickerDialogProps) {
  const [query, setQuery] = useState({ current: 1, title: '' });
  const [picked, setPicked] = useState<Map<string, ExamAdminRow>>(new Map());
  const { data, isFetching } = usePickerExamPagingQuery(
    visible
      ? { current: query.current, size: EXAM_PICKER_SIZE, params: { title: query.title || undefined, excludes } }
      : skipToken,
  );
  const rows = data?.records ?? [];
  const close = () => {
    setPicked(new Map());
    onCancel();
  };
  const confirm = () => {
    if (!picked.size) return void Message.warning('请至少选择一条数据！');
    onOk([...picked.values()]);
    setPicked(new Map());
  };
  const onSelect = (keys: (string | number)[]) =>
    setPicked(
      new Map(
        keys.flatMap((k) => {
          const row = picked.get(String(k)) ?? rows.find((r) => r.id === k);
          return row ? [[String(k), row] as const] : [];
        }),
      ),
    );
  return (
    <Modal
      title={title}
      visible={visible}
      onCancel={close}
      style={{ width: 860, maxWidth: '96vw' }}
      unmountOnExit
      footer={
        <Space>
          <Button onClick={close}>取消</Button>
          <Button type="primary" onClick={confirm}>
            确定（{picked.size}）
          </Button>
        </Space>
      }
    >
      <Input.Search
        allowClear
        placeholder="搜索考试名称"
        style={{ width: 260, marginBottom: 12 }}
        onSearch={(t) => setQuery({ current: 1, title: t.trim() })}
      />
      <FitTable
        rowKey="id"
        size="small"
        columns={columns}
        data={rows}
        loading={isFetching}
        noDataElement="暂无相关数据！"
        rowSelection={{
          type: 'checkbox',
          selectedRowKeys: [...picked.keys()],
          onChange: onSelect,
          preserveSelectedRowKeys: true,
        }}
        pagination={{
          current: query.current,
          pageSize: EXAM_PICKER_SIZE,
          total: data?.total ?? 0,
          showTotal: true,
          onChange: (current) => setQuery((q) => ({ ...q, current })),
        }}
      />
    </Modal>
  );
}
