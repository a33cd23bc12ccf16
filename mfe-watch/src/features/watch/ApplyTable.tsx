import { useRef, useState } from 'react';
import { Button, Input, Message, Modal, Space, Tag } from '@arco-design/web-react';
import type { TableColumnProps } from '@arco-design/web-react';
import { APPLY_AUDIT_TITLES, ApplyCalls, type ApplyRow } from '@exam/contracts';
import { PagingTable, type PagingTableHandle, useCan } from '@exam/ui';
import { useWatchApplyAuditMutation } from './watchApi';

const STATE_COLORS: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'red' };
type Audit = { row: ApplyRow; auditState: 1 | 2 };

/**
 * The exam's applications (re-entry requests) with approve/refuse, over the apply contracts. mfe-exam's audit
 * dialog cannot be imported across remotes, so this is the watch page's own small version of it.
 */
export function ApplyTable({ examId }: { examId: string }) {
  const can = useCan();
  const table = useRef<PagingTableHandle>(null);
  const [audit, setAudit] = useState<Audit | null>(null);
  const [msg, setMsg] = useState('');
  const [auditApply, { isLoading: busy }] = useWatchApplyAuditMutation();
  const open = (row: ApplyRow, auditState: 1 | 2) => {
    setMsg('');
    setAudit({ row, auditState });
  };
  const submit = async () => {
    if (!audit) return;
    if (audit.auditState === 2 && !msg.trim()) return Message.warning('审核意见不能为空！'); // the server's rule, said before the call
    const res = await auditApply({ ids: [audit.row.id], auditState: audit.auditState, auditMsg: msg.trim() });
    if ('error' in res) return; // the api client already showed the server's message
    Message.success('审核成功！');
    setAudit(null);
    table.current?.reload();
  };
  const columns: TableColumnProps[] = [
    { title: '申请人', dataIndex: 'applyUser_dictText' },
    { title: '申请时间', dataIndex: 'applyTime', width: 180 },
    { title: '申请理由', dataIndex: 'applyMsg' },
    {
      title: '审核状态',
      dataIndex: 'auditState',
      width: 100,
      render: (v: number) => <Tag color={STATE_COLORS[v]}>{APPLY_AUDIT_TITLES[v]}</Tag>,
    },
    { title: '审核人', dataIndex: 'auditBy_dictText', width: 120 },
    { title: '审核意见', dataIndex: 'auditMsg' },
    { title: '已使用', dataIndex: 'auditUsed', width: 80, render: (v: boolean) => (v ? '是' : '否') },
  ];
  if (can('exam:apply:audit')) {
    columns.push({
      title: '操作',
      key: '__audit',
      width: 130,
      render: (_: unknown, r: ApplyRow) =>
        r.auditState === 0 && (
          <Space size={4}>
            <Button type="text" size="small" onClick={() => open(r, 1)}>
              通过
            </Button>
            <Button type="text" size="small" status="danger" onClick={() => open(r, 2)}>
              驳回
            </Button>
          </Space>
        ),
    });
  }
  return (
    <>
      <PagingTable ref={table} url={ApplyCalls.paging.url} params={{ examId }} columns={columns} />
      <Modal
        title={audit?.auditState === 1 ? '通过申请' : '驳回申请'}
        visible={!!audit}
        confirmLoading={busy}
        onOk={submit}
        onCancel={() => setAudit(null)}
      >
        <p>申请人：{audit?.row.applyUser_dictText}</p>
        <Input.TextArea placeholder="审核意见" maxLength={500} showWordLimit value={msg} onChange={setMsg} />
      </Modal>
    </>
  );
}
