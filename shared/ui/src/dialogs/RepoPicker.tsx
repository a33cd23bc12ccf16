import { useState } from 'react';
import { Input, Message, Modal, Space, type TableColumnProps } from '@arco-design/web-react';
import { RepoCalls, type RepoAdminRow } from '@exam/contracts';
import { DictSelect } from '../selectors/DictSelect';
import { PickTable, usePicks } from './PickTable';

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
  const picks = usePicks<RepoAdminRow>();
  const close = () => {
    picks.clear();
    onCancel();
  };
  const confirm = async () => {
    if (!picks.list.length) return void Message.warning('请至少选择一条数据！');
    await onOk(picks.list);
    picks.clear();
  };
  return (
    <Modal
      title={title}
      visible={visible}
      onCancel={close}
      onOk={confirm}
      okText={`确定${picks.list.length ? `（${picks.list.length}）` : ''}`}
      style={{ width: 760 }}
      unmountOnExit
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
      <PickTable url={RepoCalls.paging.url} params={{ ...filter, excludes }} columns={columns} picks={picks} />
    </Modal>
  );
}
