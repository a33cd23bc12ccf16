import { useState } from 'react';
import { Select, Space, Tag, type TableColumnProps } from '@arco-design/web-react';
import { PageContainer, PagingTable } from '@exam/ui';
import { APPLY_AUDIT_TITLES, ApplyCalls, type ApplyRow, AuditState } from '@exam/contracts';
import { ExamFilter } from '../review/ExamFilter';
import { AuditDialog } from './AuditDialog';

const AUDIT_COLOR: Record<number, string> = {
  [AuditState.PENDING]: 'orange',
  [AuditState.APPROVED]: 'green',
  [AuditState.REFUSED]: 'red',
};

const columns: TableColumnProps<ApplyRow>[] = [
  { title: '考试名称', dataIndex: 'examTitle' },
  { title: '申请人', dataIndex: 'applyUser_dictText', width: 120 },
  { title: '申请时间', dataIndex: 'applyTime', width: 170 },
  { title: '申请理由', dataIndex: 'applyMsg', ellipsis: true },
  {
    title: '审核状态',
    dataIndex: 'auditState',
    width: 90,
    render: (s: number) => <Tag color={AUDIT_COLOR[s]}>{APPLY_AUDIT_TITLES[s]}</Tag>,
  },
  { title: '审核人', dataIndex: 'auditBy_dictText', width: 110 },
  { title: '审核意见', dataIndex: 'auditMsg', ellipsis: true },
  { title: '已使用', dataIndex: 'auditUsed', width: 80, render: (u: boolean) => (u ? '是' : '否') },
];

/** Admin exam applications (route ExamApplyList): audit selected pending ones, delete. */
export default function ApplyList() {
  const [auditState, setAuditState] = useState<number>();
  const [examId, setExamId] = useState<string>();
  const [auditing, setAuditing] = useState<string[]>();
  const [refresh, setRefresh] = useState(0);
  return (
    <PageContainer title="考试申请">
      <PagingTable
        url={ApplyCalls.paging.url}
        params={{ auditState, examId }}
        columns={columns as TableColumnProps[]}
        selectable
        refreshKey={refresh}
        toolbar={
          <Space>
            <ExamFilter value={examId} onChange={setExamId} />
            <Select
              allowClear
              placeholder="审核状态"
              style={{ width: 160 }}
              value={auditState}
              onChange={setAuditState}
              options={Object.entries(APPLY_AUDIT_TITLES).map(([v, label]) => ({ label, value: Number(v) }))}
            />
          </Space>
        }
        actions={{
          delete: { permission: 'exam:apply', url: ApplyCalls.delete.url },
          bulk: [{ label: '审核', permission: 'exam:apply:audit', onClick: (ids) => setAuditing(ids.map(String)) }],
        }}
      />
      <AuditDialog ids={auditing} onClose={() => setAuditing(undefined)} onSaved={() => setRefresh((n) => n + 1)} />
    </PageContainer>
  );
}
