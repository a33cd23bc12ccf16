import { useRef, useState } from 'react';
import { Button, Message, Radio, Space, Tag, type TableColumnProps } from '@arco-design/web-react';
import { useSearchParams } from '@exam/router';
import { QuCalls, type ReportRow, ReportState } from '@exam/contracts';
import { PageContainer, PagingTable, type PagingTableHandle } from '@exam/ui';
import { QuEditDrawer } from './QuEditDrawer';
import { useReportHandleMutation } from './quApi';

const columns = (openQu: (quId: string) => void): TableColumnProps<ReportRow>[] => [
  { title: '试题', dataIndex: 'contentText', ellipsis: true },
  { title: '所属题库', dataIndex: 'repoTitle', width: 160, ellipsis: true },
  { title: '错误描述', dataIndex: 'content', ellipsis: true },
  { title: '反馈人', dataIndex: 'realName', width: 100 },
  {
    title: '状态',
    dataIndex: 'state',
    width: 90,
    render: (s: number) =>
      s === ReportState.HANDLED ? <Tag color="green">已处理</Tag> : <Tag color="orange">待处理</Tag>,
  },
  { title: '反馈时间', dataIndex: 'createTime', width: 170 },
  {
    title: '操作',
    key: 'qu',
    width: 90,
    render: (_: unknown, r) => (
      <Button size="mini" type="text" onClick={() => openQu(r.quId)}>
        查看试题
      </Button>
    ),
  },
];

/**
 * Learners' error reports on questions (route QuReport, query quId for one question's reports, as
 * QuList's 查看报错 opens it); a report opens its question in the editor; admins mark them handled.
 */
export default function QuReport() {
  const [search, setSearch] = useSearchParams();
  const quId = search.get('quId') || undefined;
  // One question's reports open with every state: the point is to see all that was said about it.
  const [state, setState] = useState<number | undefined>(quId ? undefined : ReportState.OPEN);
  const [qu, setQu] = useState<string>();
  const table = useRef<PagingTableHandle>(null);
  const [markHandled] = useReportHandleMutation();
  const handle = async (ids: (string | number)[]) => {
    await markHandled({ ids: ids.map(String) }).unwrap();
    Message.success('操作成功！');
    table.current?.reload();
  };
  const toolbar = (
    <Space>
      <Radio.Group
        type="button"
        value={state ?? -1}
        onChange={(v) => setState(v === -1 ? undefined : v)}
        options={[
          { label: '待处理', value: ReportState.OPEN },
          { label: '已处理', value: ReportState.HANDLED },
          { label: '全部', value: -1 },
        ]}
      />
      {quId && (
        <Tag closable color="arcoblue" onClose={() => setSearch({})}>
          仅看一道试题的报错
        </Tag>
      )}
    </Space>
  );
  return (
    <PageContainer title="错题反馈">
      <PagingTable
        ref={table}
        url={QuCalls.reportPaging.url}
        params={{ state, quId }}
        columns={columns(setQu) as TableColumnProps[]}
        toolbar={toolbar}
        actions={{ bulk: [{ label: '标记已处理', permission: 'qu:report', onClick: handle }] }}
      />
      <QuEditDrawer
        visible={!!qu}
        id={qu}
        onClose={() => setQu(undefined)}
        onSaved={() => {
          setQu(undefined);
          table.current?.reload();
        }}
      />
    </PageContainer>
  );
}
