import { useCallback, useRef, useState } from 'react';
import { Button, Message, Space, type TableColumnProps, Typography } from '@arco-design/web-react';
import { IconExport, IconPlus } from '@arco-design/web-react/icon';
import { download } from '@exam/api';
import { CertGrantCalls, type CertGrantParams, type CertGrantRow, CertState, CertPerm } from '@exam/contracts';
import { PageContainer, PagingTable, type PagingTableHandle, Permission, confirmAction, useCan } from '@exam/ui';
import { useCertGrantReissueMutation } from './certApi';
import { CertStateTag } from './CertStateTag';
import { ONE_LINE, sourceWithScore } from './certText';
import { GrantFilters } from './GrantFilters';
import { ManualGrantDialog } from './ManualGrant';
import { RevokeDialog } from './RevokeDialog';

const day = (t: string) => t.slice(0, 10);

/** The holder: their name, and under it their account and department (columns of their own hid 状态 at 1366 px). */
function Holder({ r }: { r: CertGrantRow }) {
  const more = [r.userName, r.deptName].filter(Boolean).join(' · ');
  return (
    <div style={{ minWidth: 0 }}>
      <span style={ONE_LINE}>{r.realName || r.userName}</span>
      <Typography.Text type="secondary" title={more} style={{ ...ONE_LINE, fontSize: 12 }}>
        {more}
      </Typography.Text>
    </div>
  );
}

/** The state, and under it how long the certificate holds (a column of its own pushed 状态 out of sight at 1366 px). */
function StateCell({ r }: { r: CertGrantRow }) {
  return (
    <div>
      <CertStateTag state={r.state} revokeTime={r.revokeTime} reason={r.revokeReason} />
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
        {r.expireTime ? `至 ${day(r.expireTime)}` : '长期有效'}
      </Typography.Text>
    </div>
  );
}

const columns: TableColumnProps<CertGrantRow>[] = [
  { title: '证书编号', dataIndex: 'number', width: 150 },
  { title: '证书名称', dataIndex: 'title', ellipsis: true },
  { title: '持有人', key: 'holder', width: 140, render: (_: unknown, r) => <Holder r={r} /> },
  { title: '来源', key: 'source', ellipsis: true, render: (_: unknown, r) => sourceWithScore(r) },
  // The day; the time on hover.
  { title: '发放日期', dataIndex: 'grantTime', width: 110, render: (v: string) => <span title={v}>{day(v)}</span> },
  { title: '状态', dataIndex: 'state', width: 110, render: (_: string, r) => <StateCell r={r} /> },
];

/** 证书发放 (route CertGrantList): granted certificates by name, account, source, state and date; revoke, re-issue, export, PDF. */
export default function CertGrantList() {
  const table = useRef<PagingTableHandle>(null);
  const reload = useCallback(() => table.current?.reload(), []);
  const [filter, setFilter] = useState<CertGrantParams>({});
  const [range, setRange] = useState<string[]>([]);
  const [revoking, setRevoking] = useState<CertGrantRow>();
  const [granting, setGranting] = useState(false);
  const [reissue] = useCertGrantReissueMutation();
  const can = useCan();
  const params: CertGrantParams = { ...filter, startTime: range[0], endTime: range[1] };

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
    // Three small text buttons (2, 4 and 2 glyphs) on one line.
    width: 250,
    render: (_: unknown, r) => (
      <Space size={4}>
        <Button type="text" size="small" onClick={() => openPdf(r)}>
          下载
        </Button>
        {r.state !== CertState.REVOKED && can(CertPerm.GRANT_REISSUE) && (
          <Button type="text" size="small" onClick={() => void reissueOne(r).catch(() => undefined)}>
            重新签发
          </Button>
        )}
        {r.state !== CertState.REVOKED && can(CertPerm.GRANT_REVOKE) && (
          <Button type="text" size="small" status="danger" onClick={() => setRevoking(r)}>
            撤销
          </Button>
        )}
      </Space>
    ),
  };

  // Granting by hand picks a template here: it needs the template list too.
  const buttons = [
    can(CertPerm.GRANT_ADD) && can(CertPerm.TMPL_LIST) && (
      <Button key="grant" type="primary" icon={<IconPlus />} onClick={() => setGranting(true)}>
        新建手动发放
      </Button>
    ),
    <Permission key="export" codes={[CertPerm.GRANT_EXPORT]}>
      <Button
        icon={<IconExport />}
        onClick={() => void download(CertGrantCalls.export.url, { params }, '证书发放记录.xlsx').catch(() => undefined)}
      >
        导出
      </Button>
    </Permission>,
  ];
  const filters = (
    <GrantFilters onFilter={(key, v) => setFilter((f) => ({ ...f, [key]: v }))} onRange={setRange} buttons={buttons} />
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
      <ManualGrantDialog visible={granting} onClose={() => setGranting(false)} onSaved={reload} />
    </PageContainer>
  );
}
