import { useCallback, useRef, useState } from 'react';
import { Button, Input, Message, Select, Space, type TableColumnProps } from '@arco-design/web-react';
import { IconExport } from '@arco-design/web-react/icon';
import { download } from '@exam/api';
import {
  CERT_STATE_TITLES,
  CERT_STATES,
  CertGrantCalls,
  type CertGrantParams,
  type CertGrantRow,
  CertState,
} from '@exam/contracts';
import {
  DAY_RANGE_TIMES,
  LazyRangePicker,
  PageContainer,
  PagingTable,
  type PagingTableHandle,
  Permission,
  confirmAction,
  useCan,
} from '@exam/ui';
import { useCertGrantReissueMutation } from './certApi';
import { CertStateTag } from './CertStateTag';
import { sourceText } from './certText';
import { RevokeDialog } from './RevokeDialog';

const STATE_OPTIONS = CERT_STATES.map((s) => ({ value: s, label: CERT_STATE_TITLES[s] }));

const columns: TableColumnProps<CertGrantRow>[] = [
  { title: '证书编号', dataIndex: 'number', width: 150 },
  { title: '证书名称', dataIndex: 'title', ellipsis: true },
  { title: '姓名', dataIndex: 'realName', width: 100, render: (v: string, r) => v || r.userName },
  { title: '账号', dataIndex: 'userName', width: 110 },
  { title: '部门', dataIndex: 'deptName', width: 120, ellipsis: true },
  {
    title: '来源',
    key: 'source',
    ellipsis: true,
    render: (_: unknown, r) => sourceText(r),
  },
  { title: '成绩', dataIndex: 'score', width: 70, render: (v: number | null) => v ?? '-' },
  { title: '发放时间', dataIndex: 'grantTime', width: 170 },
  { title: '有效期至', dataIndex: 'expireTime', width: 110, render: (v: string) => v.slice(0, 10) || '长期有效' },
  {
    title: '状态',
    dataIndex: 'state',
    width: 90,
    render: (s: string, r) => <CertStateTag state={s} revokeTime={r.revokeTime} reason={r.revokeReason} />,
  },
];

/** 证书发放 (route CertGrantList): granted certificates by name, account, source, state and date; revoke, re-issue, export, PDF. */
export default function CertGrantList() {
  const table = useRef<PagingTableHandle>(null);
  const reload = useCallback(() => table.current?.reload(), []);
  const [filter, setFilter] = useState<CertGrantParams>({});
  const [range, setRange] = useState<string[]>([]);
  const [revoking, setRevoking] = useState<CertGrantRow>();
  const [reissue] = useCertGrantReissueMutation();
  const can = useCan();
  const params: CertGrantParams = { ...filter, startTime: range[0], endTime: range[1] };
  const by = (key: keyof CertGrantParams) => (v?: string) =>
    setFilter((f) => ({ ...f, [key]: v?.trim() || undefined }));

  const openPdf = (r: CertGrantRow) =>
    void download(CertGrantCalls.pdf.url, { id: r.id }, `${r.title}-${r.realName}-${r.number}.pdf`).catch(
      () => undefined,
    );
  const reissueOne = async (r: CertGrantRow) => {
    if (!(await confirmAction({ content: `按当前模板和学员信息重新生成证书【${r.number}】？编号不变。` }))) return;
    await reissue({ id: r.id }).unwrap();
    Message.success('证书已重新签发！');
    reload();
  };
  const actions: TableColumnProps<CertGrantRow> = {
    title: '操作',
    key: 'ops',
    width: 260,
    render: (_: unknown, r) => (
      <Space size={4}>
        <Button type="text" size="small" onClick={() => openPdf(r)}>
          下载证书
        </Button>
        {r.state !== CertState.REVOKED && can('cert:grant:reissue') && (
          <Button type="text" size="small" onClick={() => void reissueOne(r).catch(() => undefined)}>
            重新签发
          </Button>
        )}
        {r.state !== CertState.REVOKED && can('cert:grant:revoke') && (
          <Button type="text" size="small" status="danger" onClick={() => setRevoking(r)}>
            撤销
          </Button>
        )}
      </Space>
    ),
  };

  const filters = (
    <Space wrap>
      <Input.Search allowClear placeholder="姓名" style={{ width: 150 }} onSearch={by('realName')} />
      <Input.Search allowClear placeholder="账号" style={{ width: 150 }} onSearch={by('userName')} />
      <Input.Search allowClear placeholder="考试或课程名称" style={{ width: 200 }} onSearch={by('source')} />
      <Select
        allowClear
        placeholder="证书状态"
        aria-label="证书状态"
        style={{ width: 130 }}
        options={STATE_OPTIONS}
        onChange={by('state')}
      />
      <LazyRangePicker
        style={{ width: 340, maxWidth: '100%' }}
        placeholder={['发放开始日期', '发放结束日期']}
        showTime={DAY_RANGE_TIMES}
        onChange={(v) => setRange(v ?? [])}
      />
      <Permission codes={['cert:grant:export']}>
        <Button
          icon={<IconExport />}
          onClick={() =>
            void download(CertGrantCalls.export.url, { params }, '证书发放记录.xlsx').catch(() => undefined)
          }
        >
          导出
        </Button>
      </Permission>
    </Space>
  );

  return (
    <PageContainer title="证书发放">
      <PagingTable
        ref={table}
        url={CertGrantCalls.paging.url}
        params={params}
        columns={[...columns, actions] as TableColumnProps[]}
        toolbar={filters}
      />
      <RevokeDialog grant={revoking} onClose={() => setRevoking(undefined)} onDone={reload} />
    </PageContainer>
  );
}
