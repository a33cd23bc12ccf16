import { useRef, useState } from 'react';
import { Message, Radio, Tag, type TableColumnProps } from '@arco-design/web-react';
import { post } from '@exam/api';
import { QuCalls, type ReportRow } from '@exam/contracts';
import { PageContainer, PagingTable, type PagingTableHandle } from '@exam/ui';

const columns: TableColumnProps<ReportRow>[] = [
  { title: '试题', dataIndex: 'contentText', ellipsis: true },
  { title: '所属题库', dataIndex: 'repoTitle', width: 160, ellipsis: true },
  { title: '错误描述', dataIndex: 'content', ellipsis: true },
  { title: '反馈人', dataIndex: 'realName', width: 100 },
  { title: '状态', dataIndex: 'state', width: 90, render: (s: number) => (s === 1 ? <Tag color="green">已处理</Tag> : <Tag color="orange">待处理</Tag>) },
  { title: '反馈时间', dataIndex: 'createTime', width: 170 },
];

/** Learners' error reports on questions (route QuReport); admins mark them handled. */
export default function QuReport() {
  const [state, setState] = useState<number | undefined>(0);
  const table = useRef<PagingTableHandle>(null);
  const handle = async (ids: (string | number)[]) => {
    await post(QuCalls.reportHandle.url, { ids });
    Message.success('操作成功！');
    table.current?.reload();
  };
  return (
    <PageContainer title="错题反馈">
      <PagingTable ref={table} url={QuCalls.reportPaging.url} params={{ state }} columns={columns as TableColumnProps[]}
        toolbar={<Radio.Group type="button" value={state ?? -1} onChange={(v) => setState(v === -1 ? undefined : v)}
          options={[{ label: '待处理', value: 0 }, { label: '已处理', value: 1 }, { label: '全部', value: -1 }]} />}
        actions={{ bulk: [{ label: '标记已处理', permission: 'qu:report', onClick: handle }] }} />
    </PageContainer>
  );
}
