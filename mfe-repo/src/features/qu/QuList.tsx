import { useRef, useState } from 'react';
import { Button, Dropdown, Input, Menu, Space, Tag, type TableColumnProps } from '@arco-design/web-react';
import { IconDownload, IconImport } from '@arco-design/web-react/icon';
import { useNavigate, useSearchParams } from '@exam/router';
import { download } from '@exam/api';
import { QU_EXPORT_FORMATS, QU_FILE_FORMATS, QuCalls, type QuExportFormat, type QuRow } from '@exam/contracts';
import { DictSelect, PageContainer, PagingTable, type PagingTableHandle, Permission, useCan } from '@exam/ui';
import { ChapterSelect } from './ChapterSelect';
import { QuEditDrawer } from './QuEditDrawer';
import { QuImportDialog } from './QuImportDialog';
import { RepoSelect } from './RepoSelect';

const columns: TableColumnProps<QuRow>[] = [
  { title: '试题内容', dataIndex: 'contentText', ellipsis: true },
  { title: '题型', dataIndex: 'quType_dictText', width: 100, render: (t: string) => <Tag color="arcoblue">{t}</Tag> },
  { title: '难度', dataIndex: 'level', width: 80, render: (l: number) => (l === 2 ? '较难' : '普通') },
  { title: '所属题库', dataIndex: 'repoTitle', width: 180, ellipsis: true },
  { title: '章节', dataIndex: 'chapterTitle', width: 120 },
  { title: '创建时间', dataIndex: 'createTime', width: 170 },
];

/** The 报错 column: opens the error reports of one question (QuReport, query quId). */
const reportColumn = (open: (quId: string) => void): TableColumnProps<QuRow> => ({
  title: '报错',
  key: 'reports',
  width: 90,
  render: (_: unknown, r: QuRow) => (
    <Button size="mini" type="text" onClick={() => open(r.id)}>
      查看报错
    </Button>
  ),
});

/** Admin question list (route QuList): filters by bank, chapter, type, level and content; editor for every type; import/export. */
export default function QuList() {
  const [search] = useSearchParams();
  const [repoId, setRepoId] = useState(search.get('repoId') ?? '');
  const [f, setF] = useState<{ quType?: number; level?: number; content?: string; chapterId?: string }>({});
  const [edit, setEdit] = useState<{ id?: string } | null>(null);
  const [importing, setImporting] = useState(false);
  const table = useRef<PagingTableHandle>(null);
  const navigate = useNavigate();
  const can = useCan();
  const cols = can('qu:report')
    ? [...columns, reportColumn((quId) => navigate(`../report?quId=${quId}`, { relative: 'path' }))]
    : columns;
  // Chapters belong to a bank: another bank drops the chapter filter.
  const pickRepo = (id: string) => {
    setRepoId(id);
    setF((x) => ({ ...x, chapterId: undefined }));
  };
  const toolbar = (
    <Space wrap>
      <RepoSelect allowClear value={repoId} onChange={pickRepo} style={{ width: 200 }} />
      <ChapterSelect
        repoId={repoId || undefined}
        value={f.chapterId}
        style={{ width: 150 }}
        onChange={(chapterId) => setF({ ...f, chapterId: chapterId || undefined })}
      />
      <DictSelect
        dicCode="qu_type"
        allowClear
        placeholder="题型"
        style={{ width: 120 }}
        onChange={(v) => setF({ ...f, quType: v ? Number(v) : undefined })}
      />
      <DictSelect
        dicCode="qu_level"
        allowClear
        placeholder="难度"
        style={{ width: 110 }}
        onChange={(v) => setF({ ...f, level: v ? Number(v) : undefined })}
      />
      <Input.Search
        allowClear
        placeholder="搜索试题内容"
        style={{ width: 220 }}
        onSearch={(content) => setF({ ...f, content: content || undefined })}
      />
      <Permission codes={['qu:import']}>
        <Button icon={<IconImport />} onClick={() => setImporting(true)}>
          导入
        </Button>
      </Permission>
      <Permission codes={['qu:export']}>
        <Dropdown
          disabled={!repoId}
          droplist={
            <Menu
              onClickMenuItem={(key) => {
                const format = key as QuExportFormat;
                void download(QuCalls.export.url, { repoId, format }, `试题导出.${QU_FILE_FORMATS[format].ext}`);
              }}
            >
              {QU_EXPORT_FORMATS.map((f) => (
                <Menu.Item key={f}>{QU_FILE_FORMATS[f].title}</Menu.Item>
              ))}
            </Menu>
          }
        >
          <Button icon={<IconDownload />} disabled={!repoId}>
            导出
          </Button>
        </Dropdown>
      </Permission>
    </Space>
  );
  return (
    <PageContainer title="试题管理">
      <PagingTable
        ref={table}
        url={QuCalls.paging.url}
        params={{ repoId: repoId || undefined, ...f }}
        columns={cols as TableColumnProps[]}
        toolbar={toolbar}
        actions={{
          add: { permission: 'qu:add', onClick: () => setEdit({}) },
          edit: { permission: 'qu:update', onClick: (row) => setEdit({ id: row.id }) },
          delete: { permission: 'qu:delete', url: QuCalls.delete.url },
        }}
      />
      <QuEditDrawer
        visible={!!edit}
        id={edit?.id}
        repoId={repoId || undefined}
        onClose={() => setEdit(null)}
        onSaved={() => {
          setEdit(null);
          table.current?.reload();
        }}
      />
      {/* Mounted while open: each opening starts with the page's bank and no file. */}
      {importing && (
        <QuImportDialog
          repoId={repoId || undefined}
          onClose={() => setImporting(false)}
          onDone={() => {
            setImporting(false);
            table.current?.reload();
          }}
        />
      )}
    </PageContainer>
  );
}
