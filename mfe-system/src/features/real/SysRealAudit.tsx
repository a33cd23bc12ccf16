import { useCallback, useRef, useState } from 'react';
import { Image, Input, Message, Modal, Select, Space, Tag, type TableColumnProps } from '@arco-design/web-react';
import { UcCalls, type RealRow } from '@exam/contracts';
import { PageContainer, PagingTable, type PagingTableHandle, type RowId } from '@exam/ui';
import { useRealAuditMutation } from './realApi';

const STATES: Record<number, { text: string; color: string }> = {
  0: { text: '待审核', color: 'orange' },
  1: { text: '已认证', color: 'green' },
  2: { text: '未通过', color: 'red' },
};

/** Admin review of learners' real-name requests (faceAudit manual or auto): pass, or refuse with an opinion. */
export default function SysRealAudit() {
  const table = useRef<PagingTableHandle>(null);
  const [state, setState] = useState<number | undefined>(0);
  const [realName, setRealName] = useState('');
  const [refusing, setRefusing] = useState<RowId[] | null>(null);
  const [opinion, setOpinion] = useState('');
  const [realAudit] = useRealAuditMutation();

  const audit = useCallback(
    async (ids: RowId[], to: 1 | 2, auditMsg = '') => {
      await realAudit({ ids: ids.map(String), state: to, auditMsg }).unwrap();
      Message.success('操作成功！');
      table.current?.reload();
    },
    [realAudit],
  );

  const refuse = async () => {
    if (!opinion.trim()) return Message.error('审核意见不能为空！');
    await audit(refusing!, 2, opinion.trim()).catch(() => undefined);
    setRefusing(null);
    setOpinion('');
  };

  const columns: TableColumnProps<RealRow>[] = [
    { title: '账号', dataIndex: 'userName' },
    { title: '姓名', dataIndex: 'realName' },
    { title: '身份证号', dataIndex: 'idCard' },
    {
      title: '本人照片',
      dataIndex: 'photo',
      width: 90,
      render: (url: string) => (url ? <Image src={url} width={48} height={48} alt="本人照片" /> : '-'),
    },
    {
      title: '状态',
      dataIndex: 'state',
      width: 100,
      render: (s: number) => <Tag color={STATES[s]?.color}>{STATES[s]?.text ?? s}</Tag>,
    },
    { title: '审核意见', dataIndex: 'auditMsg' },
    { title: '提交时间', dataIndex: 'createTime', width: 180 },
  ];

  return (
    <PageContainer title="实名审核">
      <PagingTable
        ref={table}
        url={UcCalls.realPaging.url}
        params={{ state, realName: realName || undefined }}
        columns={columns as TableColumnProps[]}
        toolbar={
          <Space>
            <Select
              style={{ width: 140 }}
              allowClear
              placeholder="全部状态"
              value={state}
              onChange={setState}
              options={Object.entries(STATES).map(([v, s]) => ({ value: Number(v), label: s.text }))}
            />
            <Input.Search allowClear placeholder="搜索姓名" style={{ width: 220 }} onSearch={setRealName} />
          </Space>
        }
        actions={{
          bulk: [
            {
              label: '通过',
              permission: 'sys:user:update',
              onClick: (ids) => void audit(ids, 1).catch(() => undefined),
            },
            { label: '驳回', permission: 'sys:user:update', onClick: (ids) => setRefusing(ids) },
          ],
        }}
      />
      <Modal title="驳回实名认证" visible={!!refusing} onOk={refuse} onCancel={() => setRefusing(null)}>
        <Input.TextArea
          placeholder="请输入审核意见"
          value={opinion}
          onChange={setOpinion}
          maxLength={200}
          showWordLimit
        />
      </Modal>
    </PageContainer>
  );
}
