import { FitTable } from '../paging/FitTable';
import { useState } from 'react';
import { Button, Input, Message, Modal, Space, type TableColumnProps } from '@arco-design/web-react';
import { RepoCalls, type RepoAdminRow } from '@exam/contracts';
import { usePagingQuery } from '../paging/usePagingQuery';
import { DictSelect } from '../selectors/DictSelect';

export interface RepoPickerProps {
  visible: boolean;
  onCancel: () => void;
  /** Receives the chosen banks (at least one). */
  onOk: (repos: RepoAdminRow[]) => void | Promise<void>;
  /** Banks already chosen elsewhere, left out of the list. */
  excludes?: string[];
  title?: string;
}

const columns: TableColumnProps<RepoAdminRow>[] = [
  { title: '题库名称', dataIndex: 'title' },
  { title: '分类', dataIndex: 'catId_dictText', width: 120 },
  { title: '试题数量', dataIndex: 'quCount', width: 100 },
];

/** The repo picker dialog (spec admin §2, §9): catalogue and title filters, 10 a page, picks survive paging. */
export function RepoPicker({ visible, onCancel, onOk, excludes, title = '选择题库' }: RepoPickerProps) {
  const [filter, setFilter] = useState<{ title?: string; catId?: string }>({});
  const [picked, setPicked] = useState<Map<string, RepoAdminRow>>(new Map());
  const page = usePagingQuery<RepoAdminRow>(RepoCalls.paging.url, { ...filter, excludes }, 10, visible);
  const close = () => {
    setPicked(new Map());
    onCancel();
  };
  const confirm = async () => {
    if (picked.size === 0) return void Message.warning('请至少选择一条数据！');
    await onOk([...picked.values()]);
    setPicked(new Map());
  };
  const onSelect = (keys: (string | number)[]) => {
    const next = new Map<string, RepoAdminRow>();
    for (const k of keys) {
      const row = picked.get(String(k)) ?? page.records.find((r) => r.id === k);
      if (row) next.set(String(k), row);
    }
    setPicked(next);
  };
  return (
    <Modal
      title={title}
      visible={visible}
      onCancel={close}
      style={{ width: 760 }}
      unmountOnExit
      footer={
        <Space>
          <Button onClick={close}>取消</Button>
          <Button type="primary" onClick={confirm}>
            确定{picked.size ? `（${picked.size}）` : ''}
          </Button>
        </Space>
      }
    >
      <Space style={{ marginBottom: 12 }}>
        <DictSelect
          dicCode="repo_catalog"
          allowClear
          placeholder="题库分类"
          style={{ width: 180 }}
          onChange={(catId) => setFilter((f) => ({ ...f, catId }))}
        />
        <Input.Search
          allowClear
          placeholder="搜索题库名称"
          style={{ width: 240 }}
          onSearch={(t) => setFilter((f) => ({ ...f, title: t || undefined }))}
        />
      </Space>
      <FitTable
        rowKey="id"
        size="small"
        columns={columns}
        data={page.records}
        loading={page.loading}
        rowSelection={{
          type: 'checkbox',
          selectedRowKeys: [...picked.keys()],
          onChange: onSelect,
          preserveSelectedRowKeys: true,
        }}
        pagination={{
          current: page.query.current,
          pageSize: 10,
          total: page.total,
          showTotal: true,
          onChange: (current) => page.setQuery({ ...page.query, current }),
        }}
      />
    </Modal>
  );
}
