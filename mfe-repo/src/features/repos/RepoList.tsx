import { useRef, useState } from 'react';
import { Button, Input, Space, type TableColumnProps } from '@arco-design/web-react';
import { useNavigate } from '@exam/router';
import { RepoCalls, type RepoAdminRow } from '@exam/contracts';
import { DictSelect, PageContainer, PagingTable, type PagingTableHandle, PriceTag } from '@exam/ui';
import { ChapterDialog } from './ChapterDialog';
import { RepoEditDialog } from './RepoEditDialog';
import { RepoStatDialog } from './RepoStatDialog';

/** Admin question-bank list (route RepoList): catalogue and title filters, edit, chapters, statistics. */
export default function RepoList() {
  const [filter, setFilter] = useState<{ title?: string; catId?: string }>({});
  const [edit, setEdit] = useState<{ id?: string } | null>(null);
  const [chapters, setChapters] = useState<string>();
  const [stat, setStat] = useState<string>();
  const table = useRef<PagingTableHandle>(null);
  const navigate = useNavigate();
  const columns: TableColumnProps<RepoAdminRow>[] = [
    { title: '题库名称', dataIndex: 'title' },
    { title: '分类', dataIndex: 'catId_dictText', width: 140 },
    { title: '试题数量', dataIndex: 'quCount', width: 100 },
    {
      title: '价格',
      dataIndex: 'price',
      width: 120,
      render: (price: number, r: RepoAdminRow) => <PriceTag price={price} points={r.points} />,
    },
    { title: '公开', dataIndex: 'isOpen', width: 70, render: (open: boolean) => (open ? '是' : '否') },
    { title: '仅考试', dataIndex: 'examOnly', width: 80, render: (only: boolean) => (only ? '是' : '否') },
    { title: '创建时间', dataIndex: 'createTime', width: 170 },
    {
      title: '管理',
      key: 'manage',
      width: 200,
      render: (_: unknown, r: RepoAdminRow) => (
        <Space size={2}>
          <Button size="mini" type="text" onClick={() => navigate(`../qu?repoId=${r.id}`, { relative: 'path' })}>
            试题
          </Button>
          <Button size="mini" type="text" onClick={() => setChapters(r.id)}>
            章节
          </Button>
          <Button size="mini" type="text" onClick={() => setStat(r.id)}>
            统计
          </Button>
        </Space>
      ),
    },
  ];
  const toolbar = (
    <Space>
      <DictSelect
        dicCode="repo_catalog"
        allowClear
        placeholder="题库分类"
        style={{ width: 160 }}
        onChange={(catId) => setFilter((f) => ({ ...f, catId }))}
      />
      <Input.Search
        allowClear
        placeholder="搜索题库名称"
        style={{ width: 240 }}
        onSearch={(title) => setFilter((f) => ({ ...f, title: title || undefined }))}
      />
    </Space>
  );
  return (
    <PageContainer title="题库管理">
      <PagingTable
        ref={table}
        url={RepoCalls.paging.url}
        params={filter}
        columns={columns as TableColumnProps[]}
        toolbar={toolbar}
        actions={{
          add: { permission: 'repo:add', onClick: () => setEdit({}) },
          edit: { permission: 'repo:update', onClick: (row) => setEdit({ id: row.id }) },
          delete: { permission: 'repo:delete', url: RepoCalls.delete.url },
        }}
      />
      <RepoEditDialog
        visible={!!edit}
        id={edit?.id}
        onClose={() => setEdit(null)}
        onSaved={() => {
          setEdit(null);
          table.current?.reload();
        }}
      />
      <ChapterDialog
        repoId={chapters}
        onClose={() => {
          setChapters(undefined);
          table.current?.reload();
        }}
      />
      <RepoStatDialog repoId={stat} onClose={() => setStat(undefined)} />
    </PageContainer>
  );
}
